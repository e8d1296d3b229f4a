// Package browse is promo browse's model: a site's promo codes as compact
// rows, and the bubbletea model that shows them full-screen, filters,
// sorts and marks them, and asks its caller to act on the marked ones.
// It knows nothing of commands: the verb (cmd/promocmd/browse.go) gives it
// the list, the bulk engine's job and a code's record as functions.
package browse

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
)

// Rows are a site's promo codes as the view holds them: the text of every
// cell of the promo list table in one buffer, and for each row what
// filtering and sorting read (the code in lower case, the status, the
// sort keys), so that a key press compares numbers and bytes and builds
// no string. Rows never change once read; a reload reads new ones.
type Rows struct {
	header  []string
	heads   []output.Head // header's catalog ids and what the cells hold
	columns []output.Column
	tone    func(col int, cell string) output.Tone
	ncol    int

	text   []byte   // every cell of every row, one after the other
	ends   []uint32 // ncol ends in text per row
	lower  []byte   // every code in lower case
	lowEnd []uint32 // a row's end in lower

	ids     []int64
	enabled []bool
	status  []uint8  // index in promo.Statuses()
	codeKey []uint64 // the first 8 bytes of the lower-case code, big-endian
	ends2   []int64  // d_off in Unix seconds; math.MaxInt64 without a time limit
	uses    []int64  // promo_used_count; -1 when not given

	width []int // the widest cell of each column, in runes
}

// newRows are empty rows of table t.
func newRows(t view.PromoTable) *Rows {
	r := &Rows{header: t.Header, heads: t.Heads, columns: t.Columns, tone: t.Tone, ncol: len(t.Header)}
	r.width = make([]int, r.ncol)
	for i, h := range t.Header {
		r.width[i] = utf8.RuneCountInString(h)
	}
	return r
}

// Read reads the list src (api.ListStream's elements, or a filter of
// them) into rows of the promo list table t, with the statuses at now.
func Read(src output.Elements, t view.PromoTable, now time.Time) (*Rows, error) {
	r := newRows(t)
	var d api.PromoDecoder
	var p api.Promo
	for {
		e, err := src.Next()
		if err == io.EOF {
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		code, err := d.DecodeCode(e, &p)
		if err != nil {
			return nil, err
		}
		r.add(&p, code, t.Row(&p, code), now)
	}
}

// add appends p, whose table row is cells.
func (r *Rows) add(p *api.Promo, code []byte, cells [][]byte, now time.Time) {
	for i, c := range cells {
		r.text = append(r.text, c...)
		r.ends = append(r.ends, uint32(len(r.text)))
		if n := utf8.RuneCount(c); n > r.width[i] {
			r.width[i] = n
		}
	}
	start := len(r.lower)
	for _, b := range code {
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		r.lower = append(r.lower, b)
	}
	r.lowEnd = append(r.lowEnd, uint32(len(r.lower)))
	var k [8]byte
	copy(k[:], r.lower[start:])
	r.codeKey = append(r.codeKey, binary.BigEndian.Uint64(k[:]))
	var id int64
	if p.ID != nil {
		id = int64(*p.ID)
	}
	r.ids = append(r.ids, id)
	r.enabled = append(r.enabled, bool(p.IsEnabled))
	r.status = append(r.status, uint8(slices.Index(promo.Statuses(), p.StatusFields().StatusAt(now))))
	end := int64(math.MaxInt64)
	if bool(p.TimeLimitIsEnabled) && p.DOff.Set() {
		end = p.DOff.Unix()
	}
	r.ends2 = append(r.ends2, end)
	uses := int64(-1)
	if p.PromoUsedCount != nil {
		uses = int64(*p.PromoUsedCount)
	}
	r.uses = append(r.uses, uses)
}

// Len is the number of rows.
func (r *Rows) Len() int { return len(r.ids) }

// cell is column c of row i.
func (r *Rows) cell(i, c int) []byte {
	k := i*r.ncol + c
	start := uint32(0)
	if k > 0 {
		start = r.ends[k-1]
	}
	return r.text[start:r.ends[k]]
}

// code is row i's code in lower case.
func (r *Rows) code(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = r.lowEnd[i-1]
	}
	return r.lower[start:r.lowEnd[i]]
}

// sortMode is an order of the rows; s cycles through them.
type sortMode int

const (
	sortList   sortMode = iota // as the API lists them
	sortCode                   // by code, in any case
	sortStatus                 // disabled, expired, used-up, scheduled, active
	sortEnds                   // soonest end first, without a time limit last
	sortUses                   // most used first
	sortModes
)

// sortColumn is the column of the table a sort orders by (-1: none), and
// whether it is descending.
func sortColumn(s sortMode) (int, bool) {
	switch s {
	case sortCode:
		return 1, false
	case sortStatus:
		return 2, false
	case sortEnds:
		return 7, false
	case sortUses:
		return 8, true
	}
	return -1, false
}

// order is the rows' indexes in sort s; stable, so equals keep the
// API's order.
func (r *Rows) order(s sortMode) []int32 {
	idx := make([]int32, r.Len())
	for i := range idx {
		idx[i] = int32(i)
	}
	var cmpf func(a, b int32) int
	switch s {
	case sortCode:
		cmpf = func(a, b int32) int {
			if ka, kb := r.codeKey[a], r.codeKey[b]; ka != kb {
				if ka < kb {
					return -1
				}
				return 1
			}
			if c := bytes.Compare(r.code(int(a)), r.code(int(b))); c != 0 {
				return c
			}
			return bytes.Compare(r.cell(int(a), 1), r.cell(int(b), 1))
		}
	case sortStatus:
		cmpf = func(a, b int32) int { return int(r.status[a]) - int(r.status[b]) }
	case sortEnds:
		cmpf = func(a, b int32) int { return cmpInt(r.ends2[a], r.ends2[b]) }
	case sortUses:
		cmpf = func(a, b int32) int { return cmpInt(r.uses[b], r.uses[a]) }
	default:
		return idx
	}
	slices.SortStableFunc(idx, cmpf)
	return idx
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
