package sheet

import (
	"archive/zip"
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/xml"
)

// pkg is a workbook's archive, opened within Limits: its parts by name
// and the bytes inflated so far.
type pkg struct {
	lim      Limits
	parts    map[string]*zip.File // by lower-case name: part names ignore case
	inflated int64
}

// openPackage opens the archive r after checking what its end record
// declares (entries, directory size) and what its directory declares
// (each part's size, their total), before anything is inflated.
func openPackage(ctx context.Context, r io.ReaderAt, size int64, lim Limits) (*pkg, error) {
	if err := checkEnd(r, size, lim); err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, refuse(place{}, "workbook.not_zip", "Err", err.Error())
	}
	if len(zr.File) > lim.Entries {
		return nil, refuse(place{}, "workbook.entries", "Count", len(zr.File), "Max", lim.Entries)
	}
	p := &pkg{lim: lim, parts: make(map[string]*zip.File, len(zr.File))}
	var total uint64
	for _, f := range zr.File {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		key := strings.ToLower(strings.TrimPrefix(f.Name, "/"))
		if _, dup := p.parts[key]; dup {
			return nil, refuse(place{}, "workbook.part_twice", "Part", f.Name)
		}
		p.parts[key] = f
		if f.UncompressedSize64 > uint64(lim.Part) {
			return nil, refuse(place{}, "workbook.part_too_large", "Part", f.Name, "Size", mib(int64(min(f.UncompressedSize64, 1<<62))), "Max", mib(lim.Part))
		}
		total += f.UncompressedSize64
		if total > uint64(lim.Total) {
			return nil, refuse(place{}, "workbook.total_too_large", "Max", mib(lim.Total))
		}
	}
	return p, nil
}

// mib is n bytes in MiB, rounded up, for a message.
func mib(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// checkEnd reads the archive's end record (and its ZIP64 record) and
// refuses more entries, or a larger directory, than lim allows, before
// the directory is read: archive/zip would hold every entry of it.
func checkEnd(r io.ReaderAt, size int64, lim Limits) error {
	const endLen, maxComment = 22, 65535
	tail := min(size, endLen+maxComment)
	buf := make([]byte, tail)
	if _, err := r.ReadAt(buf, size-tail); err != nil && err != io.EOF {
		return refuse(place{}, "workbook.not_zip", "Err", err.Error())
	}
	at := -1
	for i := len(buf) - endLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) == 0x06054b50 {
			at = i
			break
		}
	}
	if at < 0 {
		return refuse(place{}, "workbook.not_zip_end")
	}
	end := buf[at:]
	entries := uint64(binary.LittleEndian.Uint16(end[10:]))
	dirSize := uint64(binary.LittleEndian.Uint32(end[12:]))
	endAt := size - tail + int64(at)
	if loc := endAt - 20; loc >= 0 {
		var l [20]byte
		if _, err := r.ReadAt(l[:], loc); err == nil && binary.LittleEndian.Uint32(l[:]) == 0x07064b50 {
			var z [56]byte
			off := int64(binary.LittleEndian.Uint64(l[8:]))
			if off < 0 || off > size-56 {
				return refuse(place{}, "workbook.not_zip_64")
			}
			if _, err := r.ReadAt(z[:], off); err != nil || binary.LittleEndian.Uint32(z[:]) != 0x06064b50 {
				return refuse(place{}, "workbook.not_zip_64")
			}
			entries = binary.LittleEndian.Uint64(z[32:])
			dirSize = binary.LittleEndian.Uint64(z[40:])
			endAt = off
		}
	}
	if entries > uint64(lim.Entries) {
		return refuse(place{}, "workbook.entries", "Count", int64(min(entries, 1<<62)), "Max", lim.Entries)
	}
	// The directory is everything between where it starts and the end
	// record, whatever its header says: archive/zip reads to there.
	dirOff := uint64(binary.LittleEndian.Uint32(end[16:]))
	span := uint64(0)
	if endAt >= 0 && uint64(endAt) >= dirOff {
		span = uint64(endAt) - dirOff
	}
	if dirSize > uint64(lim.Directory) || span > uint64(lim.Directory) {
		return refuse(place{}, "workbook.directory", "Max", mib(int64(lim.Directory)))
	}
	return nil
}

// has reports whether the archive has a part.
func (p *pkg) has(name string) bool {
	_, ok := p.parts[strings.ToLower(name)]
	return ok
}

// open opens a part to read it whole: at most max bytes (checked against
// what the directory declares before anything is inflated, and counted as
// it is read, as are the archive's total), every tag and text within
// lim.Token. Reading it to its end checks its checksum (archive/zip does
// at the end only).
func (p *pkg) open(name string, max int64) (*part, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, refuse(place{}, "workbook.missing_part", "Part", name)
	}
	at := place{part: f.Name}
	if f.UncompressedSize64 > uint64(max) {
		return nil, refuse(place{}, "workbook.part_too_large", "Part", f.Name, "Size", mib(int64(min(f.UncompressedSize64, 1<<62))), "Max", mib(max))
	}
	rc, err := f.Open()
	if err != nil {
		return nil, damaged(at, f.Name, err)
	}
	pt := &part{name: f.Name, rc: rc, pkg: p, left: max, max: max, token: p.lim.Token}
	pt.br = bufio.NewReaderSize(pt, 64<<10)
	return pt, nil
}

// part is one part being read: its bytes counted against its own bound and
// the archive's, its XML watched so that no piece of it (a text between
// tags, a tag, a comment) is longer than token bytes, which is all the XML
// parser then holds at once.
type part struct {
	name  string
	rc    io.ReadCloser
	br    *bufio.Reader
	pkg   *pkg
	left  int64 // of max, the part's bound
	max   int64
	token int
	run   int    // bytes since the last '<' (or inside a comment or CDATA)
	mark  int    // how much of "<!--" or "<![CDATA[" was just seen
	inSec string // the end of the comment or CDATA section being read
	secAt int    // how much of inSec was just seen
	err   error  // a bound passed (a *bound): the reading ends with it
}

// bound is a bound of a part passed: what to say, placed by the reader.
type bound struct{ what i18n.Message }

func (b *bound) Error() string { return b.what.ID }

const (
	commentStart = "<!--"
	cdataStart   = "<![CDATA["
)

func (pt *part) Read(b []byte) (int, error) {
	if pt.err != nil {
		return 0, pt.err
	}
	n, err := pt.rc.Read(b)
	pt.left -= int64(n)
	pt.pkg.inflated += int64(n)
	switch {
	case pt.left < 0:
		pt.err = &bound{i18n.M("workbook.part_too_large_read", "Part", pt.name, "Max", mib(pt.max))}
	case pt.pkg.inflated > pt.pkg.lim.Total:
		pt.err = &bound{i18n.M("workbook.total_too_large", "Max", mib(pt.pkg.lim.Total))}
	default:
		pt.watch(b[:n])
	}
	if pt.err != nil {
		return 0, pt.err
	}
	return n, err
}

// watch counts the run of bytes without a '<', and the length of a
// comment or CDATA section (which may hold '<'), against pt.token.
func (pt *part) watch(b []byte) {
	for _, c := range b {
		if pt.inSec != "" {
			pt.run++
			if c == pt.inSec[pt.secAt] {
				pt.secAt++
				if pt.secAt == len(pt.inSec) {
					pt.inSec, pt.secAt, pt.run = "", 0, 0
				}
			} else if c == pt.inSec[0] {
				pt.secAt = 1
			} else {
				pt.secAt = 0
			}
		} else {
			if c == '<' {
				pt.run, pt.mark = 0, 1
				continue
			}
			pt.run++
			if pt.mark > 0 {
				switch {
				case pt.mark < len(commentStart) && c == commentStart[pt.mark]:
					pt.mark++
					if pt.mark == len(commentStart) {
						pt.inSec, pt.mark = "-->", 0
					}
				case pt.mark < len(cdataStart) && c == cdataStart[pt.mark]:
					pt.mark++
					if pt.mark == len(cdataStart) {
						pt.inSec, pt.mark = "]]>", 0
					}
				default:
					pt.mark = 0
				}
			}
		}
		if pt.run > pt.token {
			pt.err = &bound{i18n.M("workbook.token", "Part", pt.name, "Max", pt.token>>10)}
			return
		}
	}
}

// Close closes the part.
func (pt *part) Close() error { return pt.rc.Close() }

// decoder is a strict XML decoder of the part.
func (pt *part) decoder() *xml.Decoder {
	d := xml.NewDecoder(pt.br)
	d.Strict = true
	return d
}

// xmlReader reads the tokens of a part's XML, refusing declarations
// (<!DOCTYPE …>: entities) and anything after the root element but space,
// comments and processing instructions; its end is the end of the
// part's data, whose checksum archive/zip checks there.
type xmlReader struct {
	d     *xml.Decoder
	pt    *part
	depth int
	done  bool // the root element has ended
	// where is the place a problem is said at (the part, unless a reader
	// says a row or a cell).
	where func() place
}

func newXMLReader(pt *part) *xmlReader {
	x := &xmlReader{d: pt.decoder(), pt: pt}
	x.where = func() place { return place{part: pt.name} }
	return x
}

// next is the next token of the root element, io.EOF after its end (the
// rest of the part read and checked).
func (x *xmlReader) next() (xml.Token, error) {
	for {
		tok, err := x.d.Token()
		if err != nil {
			if err == io.EOF {
				if x.depth > 0 || !x.done {
					return nil, refuse(x.where(), "workbook.cut_off", "Part", x.pt.name)
				}
				return nil, io.EOF
			}
			return nil, x.fail(err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			return nil, refuse(x.where(), "workbook.directive", "Part", x.pt.name)
		case xml.StartElement:
			if x.done {
				return nil, refuse(x.where(), "workbook.after_root", "Part", x.pt.name)
			}
			x.depth++
		case xml.EndElement:
			x.depth--
			if x.depth == 0 {
				x.done = true
				return t, nil
			}
		case xml.CharData:
			if x.depth == 0 {
				if len(strings.TrimSpace(string(t))) > 0 {
					return nil, refuse(x.where(), "workbook.after_root", "Part", x.pt.name)
				}
				continue
			}
		case xml.Comment, xml.ProcInst:
			if x.depth == 0 {
				continue
			}
		}
		return tok, nil
	}
}

// fail is a read error of the part: a bound passed or ctx's end as it is,
// else the part is damaged (its XML, its data, its checksum).
func (x *xmlReader) fail(err error) error {
	var b *bound
	if errors.As(x.pt.err, &b) {
		return refuseMsg(x.where(), b.what)
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) && se.Msg == "unexpected EOF" {
		return refuse(x.where(), "workbook.cut_off", "Part", x.pt.name)
	}
	if errors.As(err, &se) {
		return refuse(x.where(), "workbook.xml", "Part", x.pt.name, "Line", se.Line, "Err", se.Msg)
	}
	var (
		ve *xml.VersionError
		ce *xml.CharsetError
	)
	switch {
	case errors.As(err, &ve):
		return refuse(x.where(), "workbook.xml_version", "Part", x.pt.name, "Version", ve.Version)
	case errors.As(err, &ce):
		return refuse(x.where(), "workbook.xml_charset", "Part", x.pt.name, "Charset", ce.Charset)
	}
	return damaged(x.where(), x.pt.name, err)
}

// attr is the value of an element's attribute by its local name (any
// namespace, as the files write one prefix or another).
func attr(e xml.StartElement, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// attrNS is the value of an attribute in a namespace.
func attrNS(e xml.StartElement, space, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local && a.Name.Space == space {
			return a.Value, true
		}
	}
	return "", false
}

// readSmall reads a small part whole (at most lim.SmallPart) with fn given
// each token; the part is read to its end and checked.
func (p *pkg) readSmall(name string, fn func(x *xmlReader, tok xml.Token) error) error {
	pt, err := p.open(name, p.lim.SmallPart)
	if err != nil {
		return err
	}
	defer pt.Close()
	x := newXMLReader(pt)
	for {
		tok, err := x.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(x, tok); err != nil {
			return err
		}
	}
}
