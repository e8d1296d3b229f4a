package output

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

// storeRows are n rows of every kind a store keeps: cells its
// dictionaries hold (yes, a few amounts), cells past a dictionary's limit
// (an id), empty cells, cells of many bytes (one longer than a block), and
// rows of other lengths, none at all among them.
func storeRows(n int) [][]string {
	rows := make([][]string, 0, n)
	for i := range n {
		r := []string{fmt.Sprint(100000 + i), "yes", strings.Repeat("ü", i%5), fmt.Sprint(i % 1500), "", "CODE" + fmt.Sprint(i)}
		switch {
		case i%100 == 0:
			r = r[:2]
		case i%777 == 0:
			r = []string{}
		case i%1001 == 0:
			r = append(r, strings.Repeat("x", 3000), "extra")
		case i == n/2+1:
			r[2] = strings.Repeat("long", rowBlock/2) // a record larger than a block
		}
		rows = append(rows, r)
	}
	return rows
}

// cells is r as a store takes it, in one buffer that the next call
// overwrites, as a view that makes no garbage builds its rows.
type cells struct {
	text []byte
	row  [][]byte
}

func (c *cells) of(r []string) [][]byte {
	c.text, c.row = c.text[:0], c.row[:0]
	for _, s := range r {
		c.text = append(c.text, s...)
	}
	at := 0
	for _, s := range r {
		c.row = append(c.row, c.text[at:at+len(s)])
		at += len(s)
	}
	return c.row
}

func fill(s *rowStore, rows [][]string) {
	var c cells
	for _, r := range rows {
		s.add(c.of(r))
	}
}

// checkRows fails unless s gives back want, in order, twice over (a table
// below bulkRows and one above read the store differently).
func checkRows(t *testing.T, s *rowStore, want [][]string) {
	t.Helper()
	got, err := s.all()
	if err != nil {
		t.Fatalf("all: %v", err)
	}
	if s.n != len(want) || len(got) != len(want) {
		t.Fatalf("store gave back %d rows (n %d), want %d", len(got), s.n, len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("row %d = %.80q, want %.80q", i, got[i], want[i])
		}
	}
	i := 0
	err = s.each(func(r [][]byte) error {
		if len(r) != len(want[i]) {
			return fmt.Errorf("row %d has %d cells, want %d", i, len(r), len(want[i]))
		}
		for j, c := range r {
			if string(c) != want[i][j] {
				return fmt.Errorf("row %d cell %d = %.40q, want %.40q", i, j, c, want[i][j])
			}
		}
		i++
		return nil
	})
	if err != nil || i != len(want) {
		t.Fatalf("each, again: %v after %d rows", err, i)
	}
}

// tempFiles are the names in dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestRowStoreKeepsEveryCell(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var s rowStore
	defer s.close()
	var want [][]string
	for i := range 3000 {
		r := []string{fmt.Sprint(i), "yes", strings.Repeat("ü", i%5), fmt.Sprint(i % 1500), ""}
		if i%100 == 0 {
			r = r[:2] // rows may be shorter
		}
		want = append(want, r)
	}
	fill(&s, want)
	checkRows(t, &s, want)
	if s.widths[2] != 4 || s.widths[0] != 4 {
		t.Errorf("widths %v", s.widths)
	}
	if err := s.each(func([][]byte) error { return io.ErrShortWrite }); err != io.ErrShortWrite {
		t.Errorf("each error = %v", err)
	}
	// A small table makes no file.
	if s.file != nil || s.stuck {
		t.Errorf("a table of %d bytes went to a file", s.held)
	}
	// A dictionary holds values that come again, not a column's every
	// value: 3,000 ids, once each, are not kept twice.
	if n := len(s.dicts[0].values); n > rowDictTrial {
		t.Errorf("the dictionary of a column of ids holds %d values, want at most %d", n, rowDictTrial)
	}
	if n := len(s.dicts[1].values); n != 1 {
		t.Errorf("the dictionary of a column of yes holds %d values, want 1", n)
	}
	if n := len(s.dicts[2].values); n != 5 {
		t.Errorf("the dictionary of a column of 5 values holds %d", n)
	}
}

// TestRowStoreSpills: past spillAt, the blocks go to a temporary file
// that nobody else can read and that is gone once the store is closed (on
// Unix as soon as it is made); the rows come back as they went in.
func TestRowStoreSpills(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	s := rowStore{spillAt: 1}
	want := storeRows(20000)
	fill(&s, want)
	if s.file == nil || s.filed < 5 || s.stuck {
		t.Fatalf("rows of %d blocks: %d blocks in the file (%v), stuck %t", s.filed+len(s.blocks), s.filed, s.file, s.stuck)
	}
	if len(s.blocks) != 1 || s.held > rowBlock {
		t.Errorf("after spilling, %d blocks (%d bytes) held in memory, want the one being filled", len(s.blocks), s.held)
	}
	var f *os.File
	switch x := s.file.(type) {
	case *os.File:
		f = x
	case tempFile:
		f = x.File
	default:
		t.Fatalf("the file is a %T", s.file)
	}
	fi, err := f.Stat()
	if err != nil || filepath.Dir(f.Name()) != dir || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("temporary file %s: %v, %v; want mode 0600 in %s", f.Name(), fi, err, dir)
	}
	if names := tempFiles(t, dir); runtime.GOOS != "windows" && len(names) != 0 {
		t.Errorf("the temporary file is in %s while in use: %q; want it removed once opened", dir, names)
	}
	checkRows(t, &s, want)
	s.close()
	if names := tempFiles(t, dir); len(names) != 0 {
		t.Errorf("left behind in %s: %q", dir, names)
	}
}

// TestRowStoreReadsBackIntoASpilledBlock: the default store holds two
// blocks before it spills, and then no more: one is filled, the other is
// where each reads the file back into.
func TestRowStoreReadsBackIntoASpilledBlock(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var s rowStore
	defer s.close()
	want := storeRows(20000)
	fill(&s, want)
	if s.filed == 0 || len(s.blocks) != 1 || cap(s.spare) != rowBlock || rowSpill != 2*rowBlock {
		t.Fatalf("%d blocks spilled, %d held, spare of %d bytes; want the two blocks of rowSpill (%d) reused", s.filed, len(s.blocks), cap(s.spare), rowSpill)
	}
	checkRows(t, &s, want)
}

// TestRowStoreHoldsRowsWithoutAFile: when no temporary file can be made,
// the rows stay in memory, all of them, and no error is raised.
func TestRowStoreHoldsRowsWithoutAFile(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", notADir) // files cannot be made in it, even by root
	s := rowStore{spillAt: 1}
	defer s.close()
	want := storeRows(20000)
	fill(&s, want)
	if s.file != nil || !s.stuck {
		t.Fatalf("file %v, stuck %t: want no file", s.file, s.stuck)
	}
	checkRows(t, &s, want)
}

// failingFile takes ok bytes, then fails every write (the bytes of the
// write that fails are taken only in part).
type failingFile struct {
	bytes.Buffer
	ok     int
	closed bool
}

func (f *failingFile) Write(p []byte) (int, error) {
	if f.Len()+len(p) <= f.ok {
		return f.Buffer.Write(p)
	}
	n := max(f.ok-f.Len(), 0)
	f.Buffer.Write(p[:n])
	return n, errors.New("no space left on device")
}

func (f *failingFile) ReadAt(p []byte, off int64) (int, error) {
	return bytes.NewReader(f.Bytes()).ReadAt(p, off)
}

func (f *failingFile) Close() error { f.closed = true; return nil }

// TestRowStoreKeepsWhatTheFileRefuses: when the file fails part way
// (a full disk), the rows it has are read from it and the rest, from
// then on, held in memory: none lost, none twice.
func TestRowStoreKeepsWhatTheFileRefuses(t *testing.T) {
	for _, c := range []struct{ spillAt, ok int }{
		{1, 0}, {1, 3}, {1, blockHead + 10}, {1, 3*rowBlock + 100},
		// Three blocks go at once, and the second or third fails.
		{3 * rowBlock, rowBlock + 100}, {3 * rowBlock, 2*rowBlock + 100},
	} {
		f := &failingFile{ok: c.ok}
		s := rowStore{spillAt: c.spillAt, create: func() (spillFile, error) { return f, nil }}
		want := storeRows(20000)
		fill(&s, want)
		if !s.stuck || s.filed != c.ok/rowBlock {
			t.Errorf("%+v: stuck %t after %d blocks; want it to stop writing at block %d", c, s.stuck, s.filed, c.ok/rowBlock+1)
		}
		checkRows(t, &s, want)
		s.close()
		if !f.closed {
			t.Errorf("%+v: the file is not closed", c)
		}
	}
}

// TestSpilledTableMatchesHeld: a table drawn from rows read back from the
// temporary file is byte for byte the one drawn from rows held in memory,
// in every form a table takes.
func TestSpilledTableMatchesHeld(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	list := bigList(5000) // over bulkRows, and over three blocks
	fields := []string{"id", "is_enabled", "code", "note"}
	for _, o := range []Options{
		{Format: format.Table}, {Format: format.Table, NoHeaders: true}, {Format: format.Table, Color: true},
		{Format: format.Table, Width: 20}, {Format: format.Wide, Width: 30, Color: true},
	} {
		draw := func(s *rowStore) string {
			l := listOf(t, list, fields...)
			l.Columns = []Column{{Keep: true}, {Priority: 1}, {MinWidth: 4}, {Priority: 2, MinWidth: 2}}
			var b bytes.Buffer
			w := bufio.NewWriter(&b)
			if err := writeListTable(w, l, o, s); err != nil {
				t.Fatalf("%+v: %v", o, err)
			}
			w.Flush()
			return b.String()
		}
		spilled := rowStore{spillAt: 1}
		got := draw(&spilled)
		held := rowStore{spillAt: 1 << 40}
		want := draw(&held)
		if spilled.filed == 0 || held.file != nil {
			t.Fatalf("%+v: %d blocks spilled, %d held and %v", o, spilled.filed, len(held.blocks), held.file)
		}
		if got != want {
			t.Errorf("%+v: the spilled table differs:\n%.300q\nheld:\n%.300q", o, got, want)
		}
		if strings.Count(got, "\n") < 5000 {
			t.Errorf("%+v: %d lines", o, strings.Count(got, "\n"))
		}
	}
	if names := tempFiles(t, dir); len(names) != 0 {
		t.Errorf("left behind in %s: %q", dir, names)
	}
}

// TestTableMakesNoGarbagePerRow: a long table, spilled, costs no
// allocation per row once its dictionaries are full: rows are copied into
// blocks, read back into one buffer and drawn from it.
func TestTableMakesNoGarbagePerRow(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	const short, long = 4000, 20000
	rows := make([][]string, long)
	for i := range rows {
		rows[i] = []string{fmt.Sprint(100000 + i), "CODE" + fmt.Sprint(i), "active", "yes", "goods", fmt.Sprint(i%90) + "%", "-", "-", "3/100", "no"}
	}
	allocs := func(n int) float64 {
		return testing.AllocsPerRun(3, func() {
			l := List{Header: []string{"ID", "CODE", "STATUS"}, Rows: func(add func([][]byte) error) error {
				var c cells
				for _, r := range rows[:n] {
					if err := add(c.of(r)); err != nil {
						return err
					}
				}
				return nil
			}}
			if err := writeListTable(bufio.NewWriter(io.Discard), l, Options{Format: format.Table}, &rowStore{spillAt: 1}); err != nil {
				t.Fatal(err)
			}
		})
	}
	per := (allocs(long) - allocs(short)) / (long - short)
	if per > 0.01 {
		t.Errorf("%.3f allocations per row, want none", per)
	}
	t.Logf("%.4f allocations per row", per)
}
