package output

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"

	"github.com/promoctl/promoctl/internal/i18n"
)

// rowStore holds the rows of a large table compactly, so that a list of
// 100,000 promo codes is aligned in a few MiB rather than as 900,000
// strings. Each row is a count of cells and, for each cell, either the
// number of a value its column has had before (yes, no, goods, a
// campaign's dates) or its bytes; rows are packed into blocks that are
// never copied. Column widths are measured as rows arrive.
//
// Once the blocks held pass spillAt, they go to a temporary file and only
// the block being filled stays in memory, so that a table's memory does
// not grow with its length; each reads the file back a block at a time.
// When the file cannot be made or written, the rows are held in memory,
// as they are below spillAt. close removes the file.
type rowStore struct {
	blocks [][]byte // the blocks held in memory, which follow those in the file
	held   int      // the bytes blocks take (their capacity)
	dicts  []rowDict
	widths []int
	n      int
	rec    []byte // the row being encoded

	// spillAt is the bytes of blocks held in memory before they go to a
	// file; 0 means rowSpill.
	spillAt int
	// create makes the file; nil means createSpill.
	create func() (spillFile, error)
	file   spillFile
	filed  int   // the blocks in the file, each after its length (8 bytes)
	size   int64 // the bytes of those blocks and their lengths
	// stuck is set once the file could not be made or written: from then
	// on every block is held in memory.
	stuck bool
	spare []byte // a block written to the file, for each to read into
}

// rowDict is a column's repeated values.
type rowDict struct {
	index  map[string]uint64
	values [][]byte
	hits   int // the cells found in it
}

// admits reports whether d takes one more value: up to rowDictMax, while
// its values are found again, on average, at least once each, or while it
// has few; so that a column of values seen once (an id, a code) does not
// hold a thousand of them.
func (d *rowDict) admits() bool {
	n := len(d.values)
	return n < rowDictMax && (n < rowDictTrial || d.hits >= n)
}

const (
	rowBlock     = 64 << 10
	rowDictMax   = 1024 // values a column's dictionary holds at most
	rowDictTrial = 64   // values it takes before it must be of use
	// rowSpill is how much of a table is held in memory before it goes
	// to a file: two blocks, some 4,000 promo codes (a code's row takes
	// about 30 bytes). A table that small never makes a file; past it,
	// those two blocks are all the rows hold in memory (one being filled,
	// the other read back into). It is small because a table makes no
	// garbage per row, so the Go runtime does not collect until its heap
	// reaches 4 MiB, of which start-up takes some 2.6: rows held up to
	// 1 MiB bring a collection, whose bookkeeping and heap growth cost
	// about 2 MiB more at the peak than the file's few system calls.
	rowSpill = 128 << 10
	// blockHead is the length written before each block in the file.
	blockHead = 8
)

// spillFile is where the blocks of a large table go.
type spillFile interface {
	io.Writer
	io.ReaderAt
	io.Closer
}

// tempFile is a temporary file removed on close, for where a file cannot
// be removed while it is open.
type tempFile struct {
	*os.File
}

func (f tempFile) Close() error {
	err := f.File.Close()
	if rerr := os.Remove(f.Name()); err == nil {
		err = rerr
	}
	return err
}

// createSpill makes the temporary file of a large table in os.TempDir(),
// readable by the user alone (os.CreateTemp makes it 0600). It is removed
// at once where an open file can be removed (Unix), so that nothing is
// left behind however the process ends; elsewhere when it is closed.
func createSpill() (spillFile, error) {
	return createSpillNamed("promoctl-table-*")
}

// createSpillNamed is createSpill of a file named by pattern.
func createSpillNamed(pattern string) (spillFile, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return nil, err
	}
	if os.Remove(f.Name()) != nil {
		return tempFile{f}, nil
	}
	return f, nil
}

// add copies row into the store.
func (s *rowStore) add(row [][]byte) {
	s.n++
	for len(s.dicts) < len(row) {
		s.dicts = append(s.dicts, rowDict{index: map[string]uint64{}})
		s.widths = append(s.widths, 0)
	}
	rec := binary.AppendUvarint(s.rec[:0], uint64(len(row)))
	for i, c := range row {
		d := &s.dicts[i]
		if k, ok := d.index[string(c)]; ok {
			d.hits++
			rec = binary.AppendUvarint(rec, 2*k+1)
			continue
		}
		s.widths[i] = max(s.widths[i], cellWidth(c))
		if d.admits() {
			k := uint64(len(d.values))
			d.index[string(c)] = k
			d.values = append(d.values, bytes.Clone(c))
			rec = binary.AppendUvarint(rec, 2*k+1)
			continue
		}
		rec = binary.AppendUvarint(rec, 2*uint64(len(c)))
		rec = append(rec, c...)
	}
	s.rec = rec
	last := len(s.blocks) - 1
	if last < 0 || len(s.blocks[last])+len(rec) > cap(s.blocks[last]) {
		s.grow(len(rec))
		last = len(s.blocks) - 1
	}
	s.blocks[last] = append(s.blocks[last], rec...)
}

// grow starts a block with room for n bytes. When the blocks held would
// then pass spillAt, or once they have, they go to the file first, and
// the buffer of the last one is reused.
func (s *rowStore) grow(n int) {
	spillAt := s.spillAt
	if spillAt == 0 {
		spillAt = rowSpill
	}
	size := max(rowBlock, n)
	spilling := s.file != nil && !s.stuck
	if len(s.blocks) > 0 && (spilling || s.held+size > spillAt) && s.spill() {
		b := s.blocks[len(s.blocks)-1]
		if s.spare == nil && len(s.blocks) > 1 && cap(s.blocks[0]) == rowBlock {
			s.spare = s.blocks[0][:0]
		}
		clear(s.blocks)
		s.blocks, s.held = s.blocks[:0], 0
		if cap(b) < n || cap(b) > rowBlock {
			b = make([]byte, 0, size) // an oversized block is not kept
		}
		s.blocks = append(s.blocks, b[:0])
		s.held = cap(b)
		return
	}
	s.blocks = append(s.blocks, make([]byte, 0, size))
	s.held += size
}

// spill writes the blocks held to the file, making it first, and reports
// whether all of them are there. A block that cannot be written stays in
// memory with those after it, and so do all blocks from then on.
func (s *rowStore) spill() bool {
	if s.stuck {
		return false
	}
	if s.file == nil {
		create := s.create
		if create == nil {
			create = createSpill
		}
		f, err := create()
		if err != nil {
			s.stuck = true
			return false
		}
		s.file = f
	}
	var head [blockHead]byte
	for i, b := range s.blocks {
		binary.LittleEndian.PutUint64(head[:], uint64(len(b)))
		if _, err := s.file.Write(head[:]); err != nil {
			return s.keep(i)
		}
		if _, err := s.file.Write(b); err != nil {
			return s.keep(i)
		}
		s.filed++
		s.size += int64(blockHead + len(b))
	}
	return true
}

// keep holds blocks[i:] in memory for good, the file having failed to take
// blocks[i]: what follows s.size in the file is never read.
func (s *rowStore) keep(i int) bool {
	s.stuck = true
	for _, b := range s.blocks[:i] {
		s.held -= cap(b)
	}
	clear(s.blocks[:i])
	s.blocks = s.blocks[i:]
	return false
}

// close removes the file, if any.
func (s *rowStore) close() {
	if s.file != nil {
		s.file.Close()
		s.file = nil
	}
}

// each calls add with each row in order. The row and its cells are valid
// until add returns, and must not be changed: they are the store's.
func (s *rowStore) each(add func(row [][]byte) error) error {
	var row [][]byte
	if s.filed > 0 {
		r := io.NewSectionReader(s.file, 0, s.size)
		var head [blockHead]byte
		buf := s.spare
		for range s.filed {
			if _, err := io.ReadFull(r, head[:]); err != nil {
				return i18n.NewError(0, "output.read_back", "Err", err)
			}
			n := binary.LittleEndian.Uint64(head[:])
			if n > uint64(s.size) {
				return i18n.NewError(0, "output.read_back_block", "N", n)
			}
			if uint64(cap(buf)) < n {
				buf = make([]byte, n)
			}
			buf = buf[:n]
			if _, err := io.ReadFull(r, buf); err != nil {
				return i18n.NewError(0, "output.read_back", "Err", err)
			}
			var err error
			if row, err = s.rows(buf, row, add); err != nil {
				return err
			}
		}
	}
	for _, b := range s.blocks {
		var err error
		if row, err = s.rows(b, row, add); err != nil {
			return err
		}
	}
	return nil
}

// rows calls add with each row of the block b, in row, which it returns
// for reuse. A cell is its dictionary's value or a part of b.
func (s *rowStore) rows(b []byte, row [][]byte, add func(row [][]byte) error) ([][]byte, error) {
	for at := 0; at < len(b); {
		ncell, k := binary.Uvarint(b[at:])
		at += k
		row = row[:0]
		for i := 0; i < int(ncell); i++ {
			v, k := binary.Uvarint(b[at:])
			at += k
			if v&1 == 1 {
				row = append(row, s.dicts[i].values[v>>1])
				continue
			}
			end := at + int(v>>1)
			row = append(row, b[at:end:end])
			at = end
		}
		if err := add(row); err != nil {
			return row, err
		}
	}
	return row, nil
}

// all returns the rows as a grid's rows.
func (s *rowStore) all() ([][]string, error) {
	rows := make([][]string, 0, s.n)
	err := s.each(func(r [][]byte) error {
		row := make([]string, len(r))
		for i, c := range r {
			row[i] = string(c)
		}
		rows = append(rows, row)
		return nil
	})
	return rows, err
}
