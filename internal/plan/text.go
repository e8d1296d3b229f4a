package plan

import (
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// textReader returns f's text as UTF-8, whatever program saved it:
//   - UTF-16 with a byte order mark (Excel's "Unicode text"), little or big
//     endian;
//   - UTF-8, with a byte order mark or without;
//   - Windows-1251 (Excel's "CSV" under Russian settings): a file with no
//     byte order mark that is not valid UTF-8.
//
// Which of the last two a file is needs the whole file: f is read once to
// the end (a constant amount of memory) to check that it is valid UTF-8,
// then from its start again. A file in none of these encodings, or with
// control characters other than tab, CR and LF in its text (a binary file,
// UTF-16 without a byte order mark), is errNotText: at once when its bytes
// tell, else from the returned reader when it reaches them.
func textReader(f io.ReadSeeker) (io.Reader, error) {
	var head [3]byte
	n, err := io.ReadFull(f, head[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	switch {
	case n >= 2 && head[0] == 0xff && head[1] == 0xfe:
		return &textCheck{r: transform.NewReader(f, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder())}, nil
	case n >= 2 && head[0] == 0xfe && head[1] == 0xff:
		return &textCheck{r: transform.NewReader(f, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder())}, nil
	}
	withBOM := n == 3 && bytes.Equal(head[:], bom)
	valid, cp1251, err := scanUTF8(f)
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	switch {
	case valid && withBOM:
		if _, err := f.Seek(int64(len(bom)), io.SeekStart); err != nil {
			return nil, err
		}
		return &textCheck{r: f}, nil
	case valid:
		return &textCheck{r: f}, nil
	case !withBOM && cp1251:
		return &textCheck{r: transform.NewReader(f, charmap.Windows1251.NewDecoder())}, nil
	}
	return nil, errNotText
}

// scanUTF8 reads r to its end and reports whether it is valid UTF-8, and
// whether it could be Windows-1251 (every byte but 0x98 is a character).
func scanUTF8(r io.Reader) (valid, cp1251 bool, err error) {
	valid, cp1251 = true, true
	buf := make([]byte, 64<<10+utf8.UTFMax)
	carry := 0 // the bytes of a character cut by the end of the last read
	for {
		n, err := r.Read(buf[carry : len(buf)-utf8.UTFMax+carry])
		data := buf[:carry+n]
		if cp1251 && bytes.IndexByte(data[carry:], 0x98) >= 0 {
			cp1251 = false
		}
		if valid {
			end := len(data)
			if err == nil {
				// Keep a last character that may go on in the next read.
				for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
					if utf8.RuneStart(data[i]) {
						if !utf8.FullRune(data[i:]) {
							end = i
						}
						break
					}
				}
			}
			valid = utf8.Valid(data[:end])
			carry = copy(buf, data[end:])
		}
		if err == io.EOF {
			return valid, cp1251, nil
		}
		if err != nil {
			return false, false, err
		}
		if !valid && !cp1251 {
			return false, false, nil
		}
		if !valid {
			carry = 0
		}
	}
}

// textCheck passes text through, and ends it with errNotText at a control
// character other than tab, CR and LF: no spreadsheet writes them, and a
// file that has them is not text in the encoding it was read in.
type textCheck struct {
	r   io.Reader
	err error
}

func (t *textCheck) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.r.Read(p)
	for i, c := range p[:n] {
		if c < 0x20 && c != '\t' && c != '\r' && c != '\n' {
			t.err = errNotText
			return i, errNotText
		}
	}
	return n, err
}
