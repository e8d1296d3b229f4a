package sheet

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// fuzzBooks are the valid workbooks FuzzRead changes, with the rows
// each holds (as read's lines): an .xlsx deflated, one stored, one with
// shared strings and styles, and an .ods.
func fuzzBooks(t testing.TB) (books [][]byte, rows [][]string) {
	var cells [][]string
	var want []string
	cells = append(cells, []string{"code", "bonus_amount", "is_enabled"})
	want = append(want, "1: A=code B=bonus_amount C=is_enabled")
	for i := range 40 {
		cells = append(cells, []string{fmt.Sprintf("C%04d", i), fmt.Sprint(i + 1), "yes"})
		want = append(want, fmt.Sprintf("%d: A=C%04d B=%d C=yes", i+2, i, i+1))
	}
	add := func(b []byte, w []string) {
		books = append(books, b)
		rows = append(rows, w)
	}
	add(xlsx(t, rowsXML(cells...)), want)
	add(archive(t, book{sheets: []testSheet{{name: "Codes", xml: rowsXML(cells...)}}, store: true}.parts()...), want)
	shared := `<sst xmlns="` + nsMain + `"><si><t>code</t></si><si><t>X1</t></si></sst>`
	styles := `<styleSheet xmlns="` + nsMain + `"><cellXfs><xf numFmtId="0"/><xf numFmtId="9"/></cellXfs></styleSheet>`
	sx := `<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" s="1"><v>0.15</v></c></row></sheetData>`
	add(archive(t, book{sheets: []testSheet{{name: "Codes", xml: sx}}, shared: shared, styles: styles}.parts()...), []string{"1: A=code", "2: A=X1 B=0.15%"})
	var ods strings.Builder
	for _, r := range cells {
		ods.WriteString("<table:table-row>")
		for _, c := range r {
			fmt.Fprintf(&ods, `<table:table-cell office:value-type="string"><text:p>%s</text:p></table:table-cell>`, c)
		}
		ods.WriteString(`<table:table-cell table:number-columns-repeated="1021"/></table:table-row>`)
	}
	ods.WriteString(`<table:table-row table:number-rows-repeated="1048535"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`)
	add(odsFile(t, ods.String()), want)
	return books, rows
}

// FuzzRead changes valid workbooks (a byte range overwritten, or the
// file cut) and reads them: the read is refused, or it hands out exactly
// the rows written, never fewer or other ones. `go test -fuzz FuzzRead`
// runs it; the normal run reads the seeds.
func FuzzRead(f *testing.F) {
	books, rows := fuzzBooks(f)
	for i, b := range books {
		f.Add(uint8(i), uint32(0), b[:4]) // unchanged: every row read
		f.Add(uint8(i), uint32(0), []byte{})
		f.Add(uint8(i), uint32(len(b)/2), []byte{0xff})
		f.Add(uint8(i), uint32(len(b)-30), []byte{})
		f.Add(uint8(i), uint32(len(b)/3), []byte("<&bogus;"))
	}
	f.Fuzz(func(t *testing.T, which uint8, at uint32, patch []byte) {
		i := int(which) % len(books)
		data := bytes.Clone(books[i])
		pos := int(at) % (len(data) + 1)
		if len(patch) == 0 {
			data = data[:pos]
		} else {
			copy(data[pos:], patch)
		}
		got, err := read(t, data, Options{})
		if err != nil {
			if _, ok := errorText(err); !ok {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if !slices.Equal(got, rows[i]) {
			t.Fatalf("read without an error, but other rows:\n%q\nwant:\n%q", got, rows[i])
		}
	})
}
