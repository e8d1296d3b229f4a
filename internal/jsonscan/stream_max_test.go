package jsonscan

import (
	"errors"
	"strings"
	"testing"
)

// TestArrayReaderMax: an element longer than the reader's max is refused
// with a *TooLargeError naming it, before the buffer grows past max; the
// elements before it, and elements up to max, are read as usual.
func TestArrayReaderMax(t *testing.T) {
	const max = 1 << 20
	small := `{"code":"A1"}`
	big := `"` + strings.Repeat("A", max) + `"`
	r := NewArrayReaderMax(strings.NewReader("["+small+","+big+"]"), max)
	e, err := r.Next()
	if err != nil || string(e) != small {
		t.Fatalf("first element = %q, %v; want %s", e, err, small)
	}
	_, err = r.Next()
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Index != 1 || err.Error() != "item 2 of the list is larger than 1 MiB: not a record of this list" {
		t.Fatalf("second element: %v, want a TooLargeError for item 2", err)
	}
	if cap(r.buf) > max {
		t.Errorf("the buffer grew to %d bytes, past max %d", cap(r.buf), max)
	}
	fits := `"` + strings.Repeat("B", max/2) + `"`
	r = NewArrayReaderMax(strings.NewReader("["+fits+"]"), max)
	if e, err := r.Next(); err != nil || len(e) != len(fits) {
		t.Errorf("an element under max: %d bytes, %v", len(e), err)
	}
}
