package plan

import (
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// synthFile is a file of size bytes made of head, then unit over and
// over, then tail, made as it is read: tests read files of tens of MiB
// without holding them.
type synthFile struct {
	head, unit, tail string
	size, pos        int64
}

func (f *synthFile) Read(p []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if len(f.unit) < 4096 { // the same text, copied in longer runs
		f.unit = strings.Repeat(f.unit, 4096/len(f.unit)+1)
	}
	n := 0
	for n < len(p) && f.pos < f.size {
		h, t := int64(len(f.head)), f.size-int64(len(f.tail))
		var k int
		switch {
		case f.pos < h:
			k = copy(p[n:], f.head[f.pos:])
		case f.pos >= t:
			k = copy(p[n:], f.tail[f.pos-t:])
		default:
			u := (f.pos - h) % int64(len(f.unit))
			k = copy(p[n:min(len(p), n+int(t-f.pos))], f.unit[u:])
		}
		n += k
		f.pos += int64(k)
	}
	return n, nil
}

func (f *synthFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
		f.pos = off
	case io.SeekCurrent:
		f.pos += off
	case io.SeekEnd:
		f.pos = f.size + off
	}
	return f.pos, nil
}

// readAllocs reads f and returns its problems and the bytes allocated
// while reading it.
func readAllocs(t *testing.T, name string, f io.ReadSeeker) (*Problems, uint64) {
	t.Helper()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_, err := ReadFrom(name, f, ReadOptions{Loc: moscow})
	runtime.ReadMemStats(&m1)
	var probs *Problems
	if !errors.As(err, &probs) {
		t.Fatalf("read %s: %v, want problems", name, err)
	}
	return probs, m1.TotalAlloc - m0.TotalAlloc
}

// catalogAllocs is the bytes allocated to read the English catalogs, as
// an error's English text does once.
func catalogAllocs() uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_ = i18n.New(i18n.English).T("apply.nothing_sent")
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// A file of 64 MiB of rows with the wrong number of values: 200 problems
// listed, and reading stops at the row that filled the list: the file is
// not read on, nor a problem kept per row.
func TestReadStopsAtTheProblemCap(t *testing.T) {
	f := &synthFile{head: "code,bonus_amount\n", unit: "x\n", size: 64 << 20}
	probs, alloc := readAllocs(t, "x.csv", f)
	if len(probs.List) != MaxProblems || probs.Stopped != MaxProblems+1 || probs.More != 0 {
		t.Errorf("%d problems listed, %d more, stopped after line %d; want %d, 0, %d", len(probs.List), probs.More, probs.Stopped, MaxProblems, MaxProblems+1)
	}
	if got, want := probs.Lines()[0], "x.csv:2: 1 values for 2 columns"; got != want {
		t.Errorf("first problem %q, want %q", got, want)
	}
	// An error's English text reads the catalogs once (their size grows
	// with every message): that is not the reading's.
	if alloc > 8<<20+catalogAllocs() {
		t.Errorf("reading allocated %d MiB, want at most 8 besides the catalogs", alloc>>20)
	}
}

// Problems of every kind count against the cap: unknown columns of the
// header (the rows under it are not read), a field's problems in JSON.
func TestTheProblemCapHoldsForEveryKind(t *testing.T) {
	var head []string // near-misses of quantity_limit_is_enabled: problems
	for i := range 250 {
		head = append(head, "quantity_limit_is_enabled"+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	probs, _ := readAllocs(t, "h.csv", strings.NewReader(strings.Join(head, ",")+"\n"+strings.Repeat("x\n", 1000)))
	if len(probs.List) != MaxProblems || probs.More != 50 || probs.Stopped != 1 {
		t.Errorf("header: %d listed, %d more, stopped after %d; want %d, 50, 1", len(probs.List), probs.More, probs.Stopped, MaxProblems)
	}
	var item strings.Builder
	item.WriteString("[")
	for i := range 300 {
		if i > 0 {
			item.WriteString(",")
		}
		item.WriteString(`{"code":"A` + strconv.Itoa(i) + `","colour":1,"size":2}`)
	}
	item.WriteString("]")
	probs, _ = readAllocs(t, "j.json", strings.NewReader(item.String()))
	if len(probs.List) != MaxProblems || probs.Stopped != 100 {
		t.Errorf("JSON: %d listed, %d more, stopped after %d; want %d, stopped after 100", len(probs.List), probs.More, probs.Stopped, MaxProblems)
	}
}

// A header of 16,384 columns is one problem, not one a column.
func TestReadRefusesTooManyColumns(t *testing.T) {
	head := strings.Repeat("colour,", 16_383) + "colour\nA\n"
	probs, _ := readAllocs(t, "wide.csv", strings.NewReader(head))
	if got, want := strings.Join(probs.Lines(), "\n"), "wide.csv:1: the header row has more than 256 columns: a file has at most 256"; got != want {
		t.Errorf("problems:\n%s\nwant:\n%s", got, want)
	}
	row := "code,bonus_amount\nA1," + strings.Repeat("5,", 300) + "5\n"
	probs, _ = readAllocs(t, "row.csv", strings.NewReader(row))
	if got, want := strings.Join(probs.Lines(), "\n"), "row.csv:2: more than 256 values for 2 columns"; got != want {
		t.Errorf("problems:\n%s\nwant:\n%s", got, want)
	}
}

// The bombs of text: 50 MB of separators, a header name of 50 MB, a cell
// of 50 MB. Each costs no more memory than a row at the bounds, and each
// message echoes at most the first 40 characters of a value.
func TestReadBoundsRowsCellsAndNames(t *testing.T) {
	const size = 50 << 20
	for _, c := range []struct {
		name string
		f    *synthFile
		want string
	}{
		{"commas.csv", &synthFile{head: "code\nA1\n", unit: ",", size: size},
			""}, // separators only: a blank row, read over
		{"name.csv", &synthFile{head: "code,", unit: "n", size: size},
			`name.csv:1: the name of column 2 is longer than 100 characters: "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…"`},
		{"cell.csv", &synthFile{head: "code,bonus_amount\nA1,", unit: "9", size: size},
			`cell.csv:2: bonus_amount: a value longer than 32767 characters: "9999999999999999999999999999999999999999…"`},
		{"row.csv", &synthFile{head: "code,bonus_amount\nA1,5,", unit: strings.Repeat("y", 30_000) + ",", size: size},
			`row.csv:2: the row is longer than 1 MiB`},
		{"quoted.csv", &synthFile{head: "code\n\"", unit: "a\n", tail: "\"\n", size: size},
			`quoted.csv:2: code: a value longer than 32767 characters: "a\na\na\na\na\na\na\na\na\na\na\na\na\na\na\na\na\na\na\na\n…"`},
	} {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		rows, err := ReadFrom(c.name, c.f, ReadOptions{Loc: moscow})
		runtime.ReadMemStats(&m1)
		var probs *Problems
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "" && len(rows) != 1:
			t.Errorf("%s: %d rows, want 1", c.name, len(rows))
		case c.want != "" && !errors.As(err, &probs):
			t.Errorf("%s: %v, want problems", c.name, err)
		case c.want != "" && strings.Join(probs.Lines(), "\n") != c.want:
			t.Errorf("%s: problems\n%s\nwant\n%s", c.name, strings.Join(probs.Lines(), "\n"), c.want)
		}
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%s: reading allocated %d MiB, want at most 16", c.name, alloc>>20)
		}
	}
}

// A value longer than any a field has is refused without being parsed,
// and echoed short; so is a name, and the warning of columns read over
// lists ten of them, each cut short.
func TestReadEchoesValuesShort(t *testing.T) {
	long := strings.Repeat("Ж", 5000)
	for _, c := range []struct{ name, file, want string }{
		{"a.csv", "code,bonus_amount\nA1," + long + "\n", `a.csv:2: bonus_amount: a value longer than 100 characters, more than any bonus_amount has: "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ…"`},
		{"a.csv", "code,id\nA1," + strings.Repeat("9", 99) + "x\n", `a.csv:2: id: want a positive whole number, got "9999999999999999999999999999999999999999…"`},
		{"a.csv", "code," + strings.Repeat("q", 101) + "\nA1,1\n", `a.csv:1: the name of column 2 is longer than 100 characters: "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…"`},
		{"a.json", `[{"code":"A1","` + strings.Repeat("k", 1000) + `":1}]`, `a.json:1: unknown field "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"`},
	} {
		probs, _ := readAllocs(t, c.name, strings.NewReader(c.file))
		got := strings.Join(probs.Lines(), "\n")
		if got != c.want {
			t.Errorf("problems\n%s\nwant\n%s", got, c.want)
		}
	}
	var head strings.Builder
	head.WriteString("code")
	for i := range 200 {
		head.WriteString(",note" + strconv.Itoa(i) + strings.Repeat("n", 90))
	}
	var warned []i18n.Message
	_, err := ReadFrom("w.csv", strings.NewReader(head.String()+"\nA1"+strings.Repeat(",", 200)+"\n"), ReadOptions{Loc: moscow, Warn: func(m i18n.Message) { warned = append(warned, m) }})
	if err != nil || len(warned) != 1 {
		t.Fatalf("%v, %d warnings", err, len(warned))
	}
	got := i18n.New(i18n.English).Say(warned[0])
	want := `w.csv: 200 columns name no field and are read over: "note0nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…", `
	if !strings.HasPrefix(got, want) || !strings.Contains(got, `nnn…" and 190 more; a file's columns`) || len(got) > 2000 {
		t.Errorf("warning of %d bytes:\n%s\nwant it to start\n%s", len(got), got, want)
	}
}

// Old Mac spreadsheets end lines with CR alone: a line break, in a
// quoted value too, with the rows' line numbers counted by them.
func TestReadCROnlyLineEndings(t *testing.T) {
	rows, err := Read("mac.csv", []byte("code;is_enabled\rCRO1;true\r\rCRO2;\"false\"\r"), moscow)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Line != 2 || *rows[0].Changes.Code != "CRO1" || !*rows[0].Changes.Enabled ||
		rows[1].Line != 4 || *rows[1].Changes.Code != "CRO2" || *rows[1].Changes.Enabled {
		t.Errorf("rows %+v", rows)
	}
	_, err = Read("mac.csv", []byte("code;bonus_amount\rA1;5\rA2;\"5\r"), moscow)
	if err == nil || err.Error() != `mac.csv:3: extraneous or missing " in quoted-field` {
		t.Errorf("error %v", err)
	}
}
