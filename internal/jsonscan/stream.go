package jsonscan

import (
	"errors"
	"fmt"
	"io"

	"github.com/promoctl/promoctl/internal/i18n"
)

// ErrTruncated is a list whose input ended before its closing bracket.
var ErrTruncated = i18n.NewError(0, "json.truncated")

// ElementError is an element of a list that is complete but not valid
// JSON, or nested deeper than MaxDepth. Err is ErrInvalid or ErrTooDeep.
// It is the element's own fault, not the list's: the reader that meets it
// can say so in its own words.
type ElementError struct {
	Index int // 0-based
	Err   error
}

func (e *ElementError) Error() string { return fmt.Sprintf("item %d: %v", e.Index+1, e.Err) }
func (e *ElementError) Unwrap() error { return e.Err }

// ArrayReader reads a JSON array from a stream one element at a time,
// validating each (as Valid does) before handing out its raw bytes. It
// holds one buffer, which grows only to fit the largest element, so a list
// of any length is read in the memory of its largest element.
type ArrayReader struct {
	r        io.Reader
	max      int // the largest element, and so buffer; 0: no bound
	buf      []byte
	pos, end int // the unread input is buf[pos:end]
	eof      bool
	err      error // a read error other than io.EOF, returned as it is
	state    uint8
	n        int // elements handed out
}

const (
	stateStart uint8 = iota // before '['
	stateFirst              // after '[': an element or ']'
	stateNext               // after an element: ',' or ']'
	stateDone               // after ']'
)

// readerBuf is the initial buffer of an ArrayReader.
const readerBuf = 64 << 10

// NewArrayReader reads the JSON array in r.
func NewArrayReader(r io.Reader) *ArrayReader {
	return &ArrayReader{r: r}
}

// NewArrayReaderMax reads the JSON array in r, refusing an element longer
// than max bytes with a *TooLargeError: the buffer never grows past max, so
// an element that never ends costs about max, however long the list may be.
func NewArrayReaderMax(r io.Reader, max int) *ArrayReader {
	return &ArrayReader{r: r, max: max}
}

// TooLargeError is an element of a list longer than the reader's max.
type TooLargeError struct {
	Index int // 0-based
	Max   int
}

func (e *TooLargeError) Error() string {
	size := fmt.Sprintf("%d bytes", e.Max)
	if e.Max >= 1<<20 && e.Max%(1<<20) == 0 {
		size = fmt.Sprintf("%d MiB", e.Max>>20)
	}
	return fmt.Sprintf("item %d of the list is larger than %s: not a record of this list", e.Index+1, size)
}

// fill reads more input after buf[pos:end]: it moves the unread bytes to
// the front, doubles the buffer when they fill it, and reads until the
// buffer is full or the input ends, so that an element that did not fit is
// parsed again only once per doubling.
func (a *ArrayReader) fill() {
	if a.eof || a.err != nil {
		return
	}
	if a.buf == nil {
		a.buf = make([]byte, readerBuf)
	}
	if a.pos > 0 {
		a.end = copy(a.buf, a.buf[a.pos:a.end])
		a.pos = 0
	}
	if a.end == len(a.buf) {
		size := 2 * len(a.buf)
		if a.max > 0 && size > a.max {
			if len(a.buf) >= a.max {
				// The unread bytes, all of one element, fill max: refuse
				// it rather than hold more.
				a.err = &TooLargeError{Index: a.n, Max: a.max}
				return
			}
			size = a.max
		}
		nb := make([]byte, size)
		copy(nb, a.buf[:a.end])
		a.buf = nb
	}
	for a.end < len(a.buf) {
		n, err := a.r.Read(a.buf[a.end:])
		a.end += n
		if errors.Is(err, io.EOF) {
			a.eof = true
			return
		}
		if err != nil {
			a.err = err
			return
		}
		if n == 0 {
			return
		}
	}
}

// more reports whether fill can bring more input.
func (a *ArrayReader) more() bool { return !a.eof && a.err == nil }

// skip moves past white space, reading as needed, and reports whether a
// byte follows.
func (a *ArrayReader) skip() bool {
	for {
		a.pos = skipSpace(a.buf[:a.end], a.pos)
		if a.pos < a.end {
			return true
		}
		if !a.more() {
			return false
		}
		a.fill()
	}
}

// First returns the first byte of the input that is not white space,
// without consuming it; io.EOF when there is none.
func (a *ArrayReader) First() (byte, error) {
	if !a.skip() {
		if a.err != nil {
			return 0, a.err
		}
		return 0, io.EOF
	}
	return a.buf[a.pos], nil
}

// Rest returns all the input not read yet, for a body that turns out not
// to be a list.
func (a *ArrayReader) Rest() ([]byte, error) {
	out := append([]byte(nil), a.buf[a.pos:a.end]...)
	a.pos = a.end
	if a.err != nil {
		return out, a.err
	}
	if a.eof {
		return out, nil
	}
	rest, err := io.ReadAll(a.r)
	return append(out, rest...), err
}

// Next returns the raw bytes of the next element, valid until the next
// call, or io.EOF after the closing bracket (and nothing but white space
// after it). Other errors: the reader's own, ErrTruncated when the input
// ends first, ErrInvalid when what comes between elements is not JSON, and
// *ElementError for an element that is not valid JSON.
func (a *ArrayReader) Next() ([]byte, error) {
	for {
		if !a.skip() {
			if a.err != nil {
				return nil, a.err
			}
			if a.state == stateDone {
				return nil, io.EOF
			}
			return nil, ErrTruncated
		}
		c := a.buf[a.pos]
		switch a.state {
		case stateStart:
			if c != '[' {
				return nil, ErrInvalid
			}
			a.pos++
			a.state = stateFirst
			continue
		case stateFirst:
			if c == ']' {
				a.pos++
				a.state = stateDone
				continue
			}
		case stateNext:
			switch c {
			case ',':
				a.pos++
				if !a.skip() {
					if a.err != nil {
						return nil, a.err
					}
					return nil, ErrTruncated
				}
				if a.buf[a.pos] == ']' {
					return nil, ErrInvalid
				}
			case ']':
				a.pos++
				a.state = stateDone
				continue
			default:
				return nil, ErrInvalid
			}
		case stateDone:
			return nil, ErrInvalid // data after the list
		}
		return a.element()
	}
}

// nearEnd is how close to the end of the input a failed parse may stop
// and still be cut off rather than wrong: the longest token value reads
// whole before failing is a \u escape.
const nearEnd = 6

// element parses the element at buf[pos], reading more until it is
// complete.
func (a *ArrayReader) element() ([]byte, error) {
	for {
		b := a.buf[a.pos:a.end]
		// The list is depth 1, as in Valid.
		end, ok := value(b, 0, 1)
		// A value that reaches the end of what was read may go on (a
		// number), and one that failed near it may only be cut off.
		if (ok && end == len(b) || !ok && end >= len(b)-nearEnd) && a.more() {
			a.fill()
			continue
		}
		if !ok {
			if a.err != nil {
				return nil, a.err
			}
			if end >= len(b)-nearEnd {
				return nil, ErrTruncated
			}
			err := ErrInvalid
			if tooDeep(b[:end+1], 1) {
				err = ErrTooDeep
			}
			return nil, &ElementError{Index: a.n, Err: err}
		}
		a.pos += end
		a.n++
		a.state = stateNext
		return b[:end], nil
	}
}
