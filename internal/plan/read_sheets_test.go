package plan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// TestReadStrayQuote: a stray quote is a problem at its line; it crashed
// the reader (FieldPos before the error was looked at).
func TestReadStrayQuote(t *testing.T) {
	for file, want := range map[string]string{
		"code,bonus_amount\nOK1,5\n\"ABCD,5\n":            `a.csv:3: extraneous or missing " in quoted-field`,
		"code,bonus_amount\n=HYPERLINK(\"http://x\"),5\n": `a.csv:2: bare " in non-quoted-field`,
		"code;bonus_amount\nOK1;5\nOK2;\"5\nOK3;5\n":      `a.csv:3: extraneous or missing " in quoted-field`,
		"code,bonus_amount\nOK1,5\nOK2,5\"\n":             `a.csv:3: bare " in non-quoted-field`,
	} {
		_, err := Read("a.csv", []byte(file), moscow)
		var probs *Problems
		if !errors.As(err, &probs) || len(probs.List) != 1 || probs.Lines()[0] != want {
			t.Errorf("Read(%q) = %v, want the one problem %q", file, err, want)
		}
	}
}

// TestReadSeparatorsAndFormulaQuotes: the separator is told by the header
// row; a ' before a text that would be a formula is dropped.
func TestReadSeparatorsAndFormulaQuotes(t *testing.T) {
	for _, file := range []string{
		"code;bonus_amount\n\nX1;5\n",
		"code\tbonus_amount\r\nX1\t5\r\n",
		";;\ncode;bonus_amount;;\nX1;5;;\n;;;;\n",
	} {
		rows, err := Read("a.csv", []byte(file), moscow)
		if err != nil {
			t.Errorf("Read(%q): %v", file, err)
			continue
		}
		if len(rows) != 1 || *rows[0].Changes.Code != "X1" {
			t.Errorf("Read(%q) = %+v", file, rows)
		}
	}

	// the value after the ' is what is read: here refused as an amount
	_, err := Read("a.csv", []byte("\ufeffcode;bonus_amount\r\nX1;'=5\r\nX2;'-5\r\n"), moscow)
	want := "a.csv:2: bonus_amount: \"=5\" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99\n" +
		"a.csv:3: bonus_amount: must be a positive number, got -5"
	var probs *Problems
	if !errors.As(err, &probs) || strings.Join(probs.Lines(), "\n") != want {
		t.Errorf("Read = %v, want\n%s", err, want)
	}
}

func TestReadTooManyRows(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("code\n")
	for i := range MaxRows + 1 {
		fmt.Fprintf(&b, "C%d\n", i)
	}
	_, err := Read("a.csv", b.Bytes(), moscow)
	if err == nil || err.Error() != fmt.Sprintf("a.csv: more than %d rows: apply a file of at most %d promo codes at a time", MaxRows, MaxRows) {
		t.Errorf("Read = %v", err)
	}
}

// workbook is a workbook of rows (a header first), as excelize writes it.
func workbook(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadWorkbook: typed cells are read as what they hold, messages name
// the sheet's rows.
func TestReadWorkbook(t *testing.T) {
	data := workbook(t, [][]any{
		{"code", "is_enabled", "bonus_amount", "d_off", "quantity_limit"},
		{"007123", true, 150.5, 46387.99998842592, 10}, // 31.12.2026 23:59:59
		{},
		{"X2", "ИСТИНА", "10,5", "31.12.2026", nil},
	})
	rows, err := ReadFrom("codes.xlsx", bytes.NewReader(data), ReadOptions{Loc: moscow})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("rows %+v", rows)
	}
	for i, r := range rows {
		c := r.Changes
		want := []string{"007123", "X2"}[i]
		if *c.Code != want || !*c.Enabled || r.Line != []int{2, 4}[i] {
			t.Errorf("row %d: %+v", i, r)
		}
		if got := c.Ends.UTC().Format("2006-01-02T15:04:05"); got != "2026-12-31T20:59:59" {
			t.Errorf("row %d: d_off %s, want the end of 31 Dec in Moscow", i, got)
		}
	}
	if *rows[0].Changes.Amount != 150.5 || *rows[1].Changes.Amount != 10.5 || *rows[0].Changes.MaxUses != 10 {
		t.Errorf("amounts %v %v", *rows[0].Changes.Amount, *rows[1].Changes.Amount)
	}
	_, err = ReadFrom("codes.xlsx", bytes.NewReader(workbook(t, [][]any{{"code", "bonus_amount"}, {"X1", "lots"}})), ReadOptions{Loc: moscow})
	if err == nil || err.Error() != `codes.xlsx:2: bonus_amount: "lots" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99` {
		t.Errorf("bad amount: %v", err)
	}
	_, err = ReadFrom("codes.xlsx", bytes.NewReader(data), ReadOptions{Loc: moscow, Sheet: "Codes"})
	if err == nil || err.Error() != `codes.xlsx: no sheet "Codes" in the workbook: it has "Sheet1"` {
		t.Errorf("--sheet Codes: %v", err)
	}
	_, err = ReadFrom("codes.csv", strings.NewReader("code\nX\n"), ReadOptions{Loc: moscow, Sheet: "Codes"})
	if err == nil || err.Error() != `codes.csv: --sheet is for a workbook (.xlsx or .ods), and this is CSV` {
		t.Errorf("--sheet of CSV: %v", err)
	}
}

// FuzzRead checks that no file crashes the reader, in any of the formats
// and encodings it reads, and that every problem is one line of text with
// no byte that is not UTF-8.
func FuzzRead(f *testing.F) {
	russian := "code;is_enabled;bonus_amount;d_off\r\nSUMMER25;ИСТИНА;10,5;31.12.2026\r\n;;;\r\n"
	win, _ := charmap.Windows1251.NewEncoder().String(russian)
	u16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String(strings.ReplaceAll(russian, ";", "\t"))
	for _, s := range []string{
		"id,code,bonus_amount\n1,X1,5\n", "\ufeff" + russian, win, u16, "code,bonus_amount\n\"ABCD,5\n",
		"code\n=HYPERLINK(\"http://x\"),5\n", "- code: X1\n", `[{"code":"X1"}]`, "\xff\xfe\x00", "\xfe\xff\x00c",
		string(workbook(f, [][]any{{"code", "d_on"}, {"X1", 46000.5}})),
	} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
	}
	names := []string{"f.csv", "f", "f.xlsx", "f.yaml"}
	f.Fuzz(func(t *testing.T, data string, name uint8) {
		_, err := ReadFrom(names[int(name)%len(names)], strings.NewReader(data), ReadOptions{Loc: moscow})
		var probs *Problems
		if err == nil || !errors.As(err, &probs) {
			return
		}
		for _, l := range probs.Lines() {
			if strings.ContainsAny(l, "\n\r") {
				t.Errorf("problem of more than one line: %q", l)
			}
		}
	})
}

// TestReadJSONStreamedAndYAMLCapped: a JSON array is read element by
// element, with each bad element named at its item; a YAML file, read
// whole, is refused above maxYAML with one line.
func TestReadJSONStreamedAndYAMLCapped(t *testing.T) {
	_, err := Read("a.json", []byte("\ufeff[{\"code\":\"X1\"}, 7, {\"code\":\"X2\",}, {\"code\":\"X3\"}]"), moscow)
	want := "a.json:2: item 2 is not an object of field names\na.json:3: item 3 is not valid JSON"
	var probs *Problems
	if !errors.As(err, &probs) || strings.Join(probs.Lines(), "\n") != want {
		t.Errorf("Read = %v, want\n%s", err, want)
	}
	rows, err := Read("a.json", []byte("[{\"code\":\"X1\",\"bonus_amount\":\"10,5\"},{\"code\":\"X2\"}]"), moscow)
	if err != nil || len(rows) != 2 || *rows[0].Changes.Amount != 10.5 {
		t.Errorf("Read = %+v, %v", rows, err)
	}
	_, err = Read("a.json", []byte("[{\"code\":\"X1\"}"), moscow)
	if err == nil || err.Error() != "a.json: not a JSON array: the file ends before its closing bracket" {
		t.Errorf("cut off: %v", err)
	}
	big := "- code: X1\n" + strings.Repeat("# padding\n", maxYAML/10+1)
	_, err = Read("a.yaml", []byte(big), moscow)
	if err == nil || !strings.HasPrefix(err.Error(), "a.yaml: a YAML file is read whole, and this is more than 8 MiB") {
		t.Errorf("big YAML: %v", err)
	}
}

// TestReadDecodedMessages: a problem in a Windows-1251 or UTF-16 file
// shows the text decoded, not its bytes.
func TestReadDecodedMessages(t *testing.T) {
	const file = "code;is_enabled\r\nX1;ИСТИНА1\r\n"
	win, _ := charmap.Windows1251.NewEncoder().String(file)
	u16, _ := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().String(file)
	for name, data := range map[string]string{"cp1251": win, "utf16be": u16} {
		_, err := Read("a.csv", []byte(data), moscow)
		if want := `a.csv:2: is_enabled: want true or false, got "ИСТИНА1"`; err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
}

// TestScanUTF8Boundaries: a character cut by the end of a read is joined
// with the rest of it, however the reads fall.
func TestScanUTF8Boundaries(t *testing.T) {
	text := strings.Repeat("код;ИСТИНА;10,5\n", 5000) // 2-byte characters across 64 KiB
	for name, r := range map[string]func(s string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"one byte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"halves":   func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
	} {
		if valid, _, err := scanUTF8(r(text)); err != nil || !valid {
			t.Errorf("%s: valid %v, %v; want valid UTF-8", name, valid, err)
		}
		if valid, _, _ := scanUTF8(r(text + "\xd0")); valid {
			t.Errorf("%s: a cut-off last character is valid", name)
		}
		if valid, cp, _ := scanUTF8(r("\x98" + strings.ReplaceAll(text, "И", "Ж"))); valid || cp {
			t.Errorf("%s: 0x98 read as UTF-8 (%v) or Windows-1251 (%v)", name, valid, cp)
		}
		w, _ := charmap.Windows1251.NewEncoder().String(text)
		if valid, cp, _ := scanUTF8(r(w)); valid || !cp {
			t.Errorf("%s: Windows-1251 text: valid UTF-8 %v, Windows-1251 %v", name, valid, cp)
		}
	}
}
