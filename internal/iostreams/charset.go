package iostreams

import (
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// LocaleCharset is the character set of the POSIX locale's text (the
// codeset of the first of LC_ALL, LC_CTYPE and LANG that is set:
// ru_RU.KOI8-R is KOI8-R), and its charmap when it is one promoctl writes
// instead of UTF-8: KOI8-R, KOI8-U, Windows-1251, CP866, ISO-8859-5 and
// the Western ones. cm is nil for UTF-8, for no codeset (C, POSIX: the
// terminal is taken to read UTF-8, as today's do), and for a charset it
// does not know: then unknown is true, and name says which.
func LocaleCharset(env func(string) (string, bool)) (name string, cm *charmap.Charmap, unknown bool) {
	var locale string
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, ok := env(k); ok && v != "" {
			locale = v
			break
		}
	}
	_, name, ok := strings.Cut(locale, ".")
	if !ok {
		return "", nil, false
	}
	name, _, _ = strings.Cut(name, "@")
	key := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
	switch key {
	case "utf8":
		return name, nil, false
	case "koi8r":
		return name, charmap.KOI8R, false
	case "koi8u":
		return name, charmap.KOI8U, false
	case "cp1251", "windows1251":
		return name, charmap.Windows1251, false
	case "cp866", "ibm866":
		return name, charmap.CodePage866, false
	case "iso88595":
		return name, charmap.ISO8859_5, false
	case "iso88591":
		return name, charmap.ISO8859_1, false
	case "iso885915":
		return name, charmap.ISO8859_15, false
	case "cp1252", "windows1252":
		return name, charmap.Windows1252, false
	}
	return name, nil, true
}

// Encode makes what is written for people on the terminals among stdout
// and stderr come out in cm, the locale's character set (LocaleCharset),
// instead of UTF-8, which such a terminal shows as mojibake: tables,
// messages, help. A character cm has not is written as one that stands
// for it (₽ as р, « and » as ", a dash as -), one for one so that a
// table's columns stay aligned, else as "?". Piped or redirected streams
// stay UTF-8, and so does everything once Machine is called. Whether a stream is a terminal is as it was: only the bytes
// change.
func (s *IOStreams) Encode(cm *charmap.Charmap) {
	if cm == nil {
		return
	}
	if s.outTTY {
		s.Out = s.encoded(s.Out, cm)
	}
	if s.errTTY {
		s.ErrOut = s.encoded(s.ErrOut, cm)
	}
}

// encoded is w writing in cm; a terminal's file stays one to those that
// ask (Fd: a form's size and raw mode), only its bytes change.
func (s *IOStreams) encoded(w io.Writer, cm *charmap.Charmap) io.Writer {
	cw := &charsetWriter{w: w, cm: cm, machine: &s.machine}
	if f, ok := w.(*os.File); ok {
		return &charsetFile{charsetWriter: cw, f: f}
	}
	return cw
}

// charsetFile is a charsetWriter on a terminal's file.
type charsetFile struct {
	*charsetWriter
	f *os.File
}

func (c *charsetFile) Read(p []byte) (int, error) { return c.f.Read(p) }
func (c *charsetFile) Close() error               { return c.f.Close() }
func (c *charsetFile) Fd() uintptr                { return c.f.Fd() }

// Machine says that what the run writes from now on is for programs
// (JSON, JSON Lines, YAML, CSV, a workbook, JSON errors): UTF-8 as it is,
// whatever the locale (Encode).
func (s *IOStreams) Machine() { s.machine = true }

// charsetWriter writes UTF-8 text in a charmap, unless machine is set.
type charsetWriter struct {
	w       io.Writer
	cm      *charmap.Charmap
	machine *bool
	carry   []byte // the start of a character cut by the end of a Write
	buf     []byte
}

func (c *charsetWriter) Write(p []byte) (int, error) {
	if *c.machine {
		return c.w.Write(p)
	}
	text := p
	if len(c.carry) > 0 {
		text = append(c.carry, p...)
		c.carry = nil
	}
	c.buf = c.buf[:0]
	for i := 0; i < len(text); {
		b := text[i]
		if b < utf8.RuneSelf {
			c.buf = append(c.buf, b)
			i++
			continue
		}
		if !utf8.FullRune(text[i:]) {
			c.carry = append([]byte(nil), text[i:]...)
			break
		}
		r, size := utf8.DecodeRune(text[i:])
		e, ok := c.cm.EncodeRune(r)
		if !ok {
			if e, ok = c.cm.EncodeRune(standIn(r)); !ok {
				e = '?'
			}
		}
		c.buf = append(c.buf, e)
		i += size
	}
	if _, err := c.w.Write(c.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// standIn is the character written for r where the charset has not r.
func standIn(r rune) rune {
	switch r {
	case '₽':
		return 'р'
	case '«', '»', '„', '“', '”':
		return '"'
	case '‘', '’':
		return '\''
	case '—', '–', '−':
		return '-'
	case '…':
		return '.'
	case '\u00a0', '\u202f':
		return ' '
	case '№':
		return 'N'
	}
	return '?'
}
