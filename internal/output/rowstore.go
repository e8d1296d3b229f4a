package output

import "encoding/binary"

// rowStore holds the rows of a large table compactly, so that a list of
// 100,000 promo codes is aligned in a few MiB rather than as 900,000
// strings. Each row is a count of cells and, for each cell, either the
// number of a value its column has had before (yes, no, goods, a
// campaign's dates) or its bytes; rows are packed into blocks that are
// never copied. Column widths are measured as rows arrive.
type rowStore struct {
	blocks [][]byte
	dicts  []rowDict
	widths []int
	n      int
	rec    []byte // the row being encoded
}

// rowDict is a column's repeated values.
type rowDict struct {
	index  map[string]uint64
	values []string
}

const (
	rowBlock   = 64 << 10
	rowDictMax = 1024 // values a column's dictionary holds at most
)

func (s *rowStore) add(row []string) {
	s.n++
	for len(s.dicts) < len(row) {
		s.dicts = append(s.dicts, rowDict{index: map[string]uint64{}})
		s.widths = append(s.widths, 0)
	}
	rec := binary.AppendUvarint(s.rec[:0], uint64(len(row)))
	for i, c := range row {
		d := &s.dicts[i]
		if k, ok := d.index[c]; ok {
			rec = binary.AppendUvarint(rec, 2*k+1)
			continue
		}
		s.widths[i] = max(s.widths[i], cellWidth(c))
		if len(d.values) < rowDictMax {
			k := uint64(len(d.values))
			d.index[c] = k
			d.values = append(d.values, c)
			rec = binary.AppendUvarint(rec, 2*k+1)
			continue
		}
		rec = binary.AppendUvarint(rec, 2*uint64(len(c)))
		rec = append(rec, c...)
	}
	s.rec = rec
	last := len(s.blocks) - 1
	if last < 0 || len(s.blocks[last])+len(rec) > cap(s.blocks[last]) {
		s.blocks = append(s.blocks, make([]byte, 0, max(rowBlock, len(rec))))
		last++
	}
	s.blocks[last] = append(s.blocks[last], rec...)
}

// each calls add with each row in order; the slice is reused.
func (s *rowStore) each(add func(row []string) error) error {
	var row []string
	for _, b := range s.blocks {
		for len(b) > 0 {
			ncell, k := binary.Uvarint(b)
			b = b[k:]
			row = row[:0]
			for i := 0; i < int(ncell); i++ {
				v, k := binary.Uvarint(b)
				b = b[k:]
				if v&1 == 1 {
					row = append(row, s.dicts[i].values[v>>1])
					continue
				}
				row = append(row, string(b[:v>>1]))
				b = b[v>>1:]
			}
			if err := add(row); err != nil {
				return err
			}
		}
	}
	return nil
}

// all returns the rows as a grid's rows.
func (s *rowStore) all() [][]string {
	rows := make([][]string, 0, s.n)
	s.each(func(r []string) error {
		rows = append(rows, append([]string(nil), r...))
		return nil
	})
	return rows
}
