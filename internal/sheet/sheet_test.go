package sheet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// refusal is err's English when it is a refusal (exit 2), else fails.
func refusal(t *testing.T, err error) string {
	t.Helper()
	var ie *i18n.Error
	if !errors.As(err, &ie) || ie.ExitCode() != ErrExit {
		t.Fatalf("want a refusal, got %v", err)
	}
	return err.Error()
}

func TestReadsTypedCells(t *testing.T) {
	styles := `<styleSheet xmlns="` + nsMain + `"><numFmts count="2"><numFmt numFmtId="164" formatCode="0%"/><numFmt numFmtId="165" formatCode="DD.MM.YYYY\ HH:MM:SS"/></numFmts>` +
		`<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/><xf numFmtId="10"/></cellXfs></styleSheet>`
	shared := `<sst xmlns="` + nsMain + `" count="2" uniqueCount="2"><si><t>007123</t></si><si><r><t>SUM</t></r><r><t xml:space="preserve">MER </t></r><rPh><t>x</t></rPh></si></sst>`
	sheet := `<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
		`<row r="3"><c r="A3" s="1"><v>0.15</v></c><c r="B3" s="2"><v>46387.999988425923</v></c><c r="C3" s="3"><v>46387</v></c><c r="D3" s="4"><v>0.105</v></c>` +
		`<c r="E3" t="b"><f>TRUE()</f><v>1</v></c><c r="F3" t="str"><f>A1&amp;""</f><v>x&amp;y</v></c><c r="G3" t="inlineStr"><is><t>0012</t></is></c><c r="H3"><v>150.5</v></c><c r="XFD3" s="1"/></row></sheetData>`
	data := archive(t, book{sheets: []testSheet{{name: "Codes", xml: sheet}}, styles: styles, shared: shared}.parts()...)
	got, err := read(t, data, Options{})
	want := []string{"1: A=007123 B=SUMMER ", "3: A=0.15% B=2026-12-31T23:59:59.000 C=2026-12-31 D=0.105% E=TRUE F=x&y G=0012 H=150.5"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("read = %q, %v\nwant %q", got, err, want)
	}
}

// TestRefusesDamage: whatever is wrong, the file is refused with its
// place, and no row after the damage is read as the end of the rows.
func TestRefusesDamage(t *testing.T) {
	good := `<row r="1"><c r="A1" t="inlineStr"><is><t>code</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>X1</t></is></c></row>`
	for name, c := range map[string]struct{ xml, want string }{
		"entity":        {`<sheetData>` + good + `<row r="3"><c r="A3" t="inlineStr"><is><t>&bogus;</t></is></c></row></sheetData>`, `sheet "Codes", row 3: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: invalid character entity &bogus;): the file is damaged`},
		"char ref 1":    {`<sheetData>` + good + `<row r="3"><c r="A3" t="inlineStr"><is><t>&#1;</t></is></c></row></sheetData>`, `sheet "Codes", row 3: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: illegal character code U+0001): the file is damaged`},
		"mismatched":    {`<sheetData>` + good + `<row r="3"><c r="A3"><v>1</c></row></sheetData>`, `sheet "Codes", row 3: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: element <v> closed by </c>): the file is damaged`},
		"cut off":       {`<sheetData>` + good + `<row r="3"><c r="A3"><v>1</v>`, `sheet "Codes", row 3: xl/worksheets/sheet1.xml ends before its XML does: the file is cut off or damaged`},
		"formula":       {`<sheetData>` + good + `<row r="3"><c r="A3"><f>250*2+100</f></c></row></sheetData>`, `sheet "Codes", cell A3: the cell holds a formula without its computed value: open the file in Excel or LibreOffice and save it, or type the value`},
		"formula empty": {`<sheetData>` + good + `<row r="3"><c r="A3"><f>250*2+100</f><v></v></c></row></sheetData>`, `sheet "Codes", cell A3: the cell holds a formula without its computed value: open the file in Excel or LibreOffice and save it, or type the value`},
		"out of order":  {`<sheetData>` + good + `<row r="5"><c r="A5"><v>1</v></c></row><row r="4"><c r="A4"><v>50</v></c></row></sheetData>`, `sheet "Codes", row 4: the row is stored after row 5: rows out of order, the file is damaged`},
		"same row":      {`<sheetData>` + good + `<row r="2"><c r="B2"><v>50</v></c></row></sheetData>`, `sheet "Codes", row 2: the row is stored after row 2: rows out of order, the file is damaged`},
		"cells order":   {`<sheetData>` + good + `<row r="3"><c r="B3"><v>1</v></c><c r="A3"><v>50</v></c></row></sheetData>`, `sheet "Codes", cell A3: the cell is stored after a cell to its right: cells out of order, the file is damaged`},
		"bad number":    {`<sheetData>` + good + `<row r="3"><c r="A3"><v>5O0</v></c><c r="B3"><v>1</v></c></row></sheetData>`, `sheet "Codes", cell A3: a number cell holds "5O0", which is not a number: the file is damaged`},
		"error cell":    {`<sheetData>` + good + `<row r="3"><c r="A3" t="e"><v>#DIV/0!</v></c></row></sheetData>`, `sheet "Codes", cell A3: the cell holds an error (#DIV/0!): correct its formula, or type the value`},
		"second root":   {`<sheetData>` + good + `</sheetData></worksheet><worksheet>`, `sheet "Codes", after row 2: the XML of xl/worksheets/sheet1.xml goes on after its end: the file is damaged`},
		"far column":    {`<sheetData>` + good + `<row r="3"><c r="XFD3"><v>1</v></c></row></sheetData>`, `sheet "Codes", cell XFD3: a value beyond column AMJ, the last one promoctl reads: delete the columns to the right of the codes`},
		"string index":  {`<sheetData>` + good + `<row r="3"><c r="A3" t="s"><v>7</v></c></row></sheetData>`, `sheet "Codes", cell A3: the cell names shared string "7", and the workbook has 0: the file is damaged`},
	} {
		t.Run(name, func(t *testing.T) {
			xml := c.xml
			if !strings.HasSuffix(xml, "<worksheet>") && name != "cut off" {
				xml += ""
			}
			data := xlsx(t, xml)
			if name == "cut off" || name == "second root" {
				// the worksheet's end tag is left out, or comes too soon
				data = archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &testPart{data: `<?xml version="1.0"?>` + "\n" + `<worksheet xmlns="` + nsMain + `">` + c.xml}}.parts()...)
			}
			got, err := read(t, data, Options{})
			if msg := refusal(t, err); msg != c.want {
				t.Errorf("error:\n%s\nwant:\n%s", msg, c.want)
			}
			if len(got) > 2 && name != "out of order" {
				t.Errorf("rows past the damage handed out: %q", got)
			}
		})
	}
}

// TestChecksum: a byte changed in a stored sheet (its XML still sound) is
// caught by the part's CRC, read to the end.
func TestChecksum(t *testing.T) {
	data := archive(t, book{sheets: []testSheet{{name: "Codes", xml: rowsXML([]string{"code"}, []string{"SUMMER"}, []string{"WINTER"})}}, store: true}.parts()...)
	if _, err := read(t, data, Options{}); err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte("WINTER"))
	data[i] = 'V'
	_, err := read(t, data, Options{})
	if got, want := refusal(t, err), `sheet "Codes", after row 3: xl/worksheets/sheet1.xml is damaged (zip: checksum error)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestEntitiesAndDeclarations(t *testing.T) {
	data := archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &testPart{data: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "AAAA">]><worksheet xmlns="` + nsMain + `"><sheetData><row><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>`}}.parts()...)
	_, err := read(t, data, Options{})
	if got, want := refusal(t, err), `sheet "Codes": xl/worksheets/sheet1.xml declares entities or a document type (<!DOCTYPE …>), which workbooks never do: refused`; got != want {
		t.Errorf("got %s", got)
	}
}

func TestSheetsChosen(t *testing.T) {
	b := book{sheets: []testSheet{
		{name: "Secret", state: "veryHidden", xml: rowsXML([]string{"code"}, []string{"HIDDEN"})},
		{name: "Codes", xml: rowsXML([]string{"code"}, []string{"SHOWN"})},
	}}
	data := archive(t, b.parts()...)
	_, err := read(t, data, Options{})
	if got, want := refusal(t, err), `the first sheet, "Secret", is hidden: name the sheet to read with --sheet`; got != want {
		t.Errorf("default: %s", got)
	}
	if got, err := read(t, data, Options{Sheet: "Codes"}); err != nil || !slices.Equal(got, []string{"1: A=code", "2: A=SHOWN"}) {
		t.Errorf("--sheet Codes: %q, %v", got, err)
	}
	if got, err := read(t, data, Options{Sheet: "Secret"}); err != nil || len(got) != 2 {
		t.Errorf("--sheet Secret, named: %q, %v", got, err)
	}
	var many book
	for i := range 3000 {
		many.sheets = append(many.sheets, testSheet{name: fmt.Sprintf("Sheet%d", i+1), xml: "<sheetData/>"})
	}
	_, err = read(t, archive(t, many.parts()...), Options{Sheet: "nope"})
	if got, want := refusal(t, err), `no sheet "nope" in the workbook: it has "Sheet1", "Sheet2", "Sheet3", "Sheet4", "Sheet5" and 2995 more`; got != want {
		t.Errorf("3000 sheets: %s", got)
	}
}

func TestRecalculatedFormulasRefused(t *testing.T) {
	// xlsxwriter writes 0 as every formula's value and asks for a
	// recalculation on load: the 0 is not the value.
	b := book{sheets: []testSheet{{name: "Codes", xml: `<sheetData><row r="1"><c r="A1"><f>250*2+100</f><v>0</v></c></row></sheetData>`}}, wbExtra: `<calcPr fullCalcOnLoad="1"/>`}
	_, err := read(t, archive(t, b.parts()...), Options{})
	if got := refusal(t, err); !strings.Contains(got, "cell A1: the cell holds a formula without its computed value") {
		t.Errorf("got %s", got)
	}
}

func TestPasswordProtected(t *testing.T) {
	cf := append(append([]byte{}, cfb...), make([]byte, 600)...)
	cf = append(cf, utf16le("EncryptedPackage")...)
	err := Read(t.Context(), bytes.NewReader(cf), int64(len(cf)), Options{}, nil)
	if got := refusal(t, err); got != "the workbook is protected by a password (encrypted): save a copy without the password and apply that" {
		t.Errorf("got %s", got)
	}
}

// TestCancelled: a read ends at the next row once its context is done.
func TestCancelled(t *testing.T) {
	rows := [][]string{{"code"}}
	for i := range 1000 {
		rows = append(rows, []string{fmt.Sprintf("C%d", i)})
	}
	data := xlsx(t, rowsXML(rows...))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	n := 0
	err := Read(ctx, bytes.NewReader(data), int64(len(data)), Options{}, func(int, []Cell) error {
		n++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 1 {
		t.Errorf("read after Ctrl-C: %d rows, %v", n, err)
	}
}

// memory is what fn takes, in MiB: the most its heap objects reached
// above what was there before (sampled every millisecond while it runs),
// and all it allocated.
func memory(fn func()) (peak, total float64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	read := func() (uint64, uint64) {
		metrics.Read(sample)
		return sample[0].Value.Uint64(), sample[1].Value.Uint64()
	}
	runtime.GC()
	base, alloc0 := read()
	most := base
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if h, _ := read(); h > most {
					most = h
				}
			}
		}
	}()
	fn()
	close(done)
	<-stopped
	h, alloc1 := read()
	most = max(most, h)
	return float64(most-base) / (1 << 20), float64(alloc1-alloc0) / (1 << 20)
}

// TestBombs: small files that unpack to much, or hold many things, are
// refused by their bound, and what the read allocates stays far under
// 200 MiB (in all: not only at its peak).
func TestBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds about 100 MiB of test files")
	}
	head := `<?xml version="1.0"?>` + "\n" + `<worksheet xmlns="` + nsMain + `"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`
	tail := `</t></is></c></row></sheetData></worksheet>`
	cell, cellCRC := deflateRepeat(head, 'A', 1000<<20, tail)
	cellPart := testPart{raw: cell, rawSize: uint64(len(head)) + 1000<<20 + uint64(len(tail)), rawCRC: cellCRC}
	blankHead := `<?xml version="1.0"?>` + "\n" + `<worksheet xmlns="` + nsMain + `"><sheetData>`
	var blank strings.Builder
	blank.WriteString(blankHead)
	for i := range 5_000_000 {
		fmt.Fprintf(&blank, `<row r="%d"/>`, i+1)
	}
	blank.WriteString(`</sheetData></worksheet>`)
	var xfd strings.Builder
	xfd.WriteString("<sheetData>")
	for i := range 10_000 {
		fmt.Fprintf(&xfd, `<row r="%d"><c r="XFD%[1]d"><v>1</v></c></row>`, i+1)
	}
	xfd.WriteString("</sheetData>")
	var strs strings.Builder
	strs.WriteString(`<sst xmlns="` + nsMain + `">`)
	for range 2_000_000 {
		strs.WriteString("<si><t>x</t></si>")
	}
	strs.WriteString("</sst>")
	var styles strings.Builder
	styles.WriteString(`<styleSheet xmlns="` + nsMain + `"><cellXfs>`)
	for range 100_000 {
		styles.WriteString(`<xf numFmtId="0"/>`)
	}
	styles.WriteString(`</cellXfs></styleSheet>`)
	huge, hugeCRC := deflateRepeat("", 0, 1000<<20, "")
	var entries []testPart
	for i := range 100_000 {
		entries = append(entries, testPart{name: fmt.Sprintf("x/%d", i), store: true})
	}
	simple := []testSheet{{name: "Codes", xml: rowsXML([]string{"code"}, []string{"X1"})}}
	for _, c := range []struct {
		name string
		data []byte
		lim  Limits
		want string
	}{
		{"1000 MB text cell", archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &cellPart}.parts()...), Limits{},
			"xl/worksheets/sheet1.xml unpacks to 1001 MiB, more than the 160 MiB promoctl reads"},
		{"1000 MB text cell, under a part bound of 2 GiB", archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &cellPart}.parts()...), Limits{Part: 2 << 30, Total: 2 << 30},
			`sheet "Codes", cell A1: the cell holds more than 256 KiB of text, more than any field of a promo code`},
		{"5M blank rows", archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &testPart{data: blank.String()}}.parts()...), Limits{},
			`sheet "Codes", row 200002: more than 200001 rows, empty rows included: apply at most 200,000 promo codes at a time`},
		{"XFD column", xlsx(t, xfd.String()), Limits{},
			`sheet "Codes", cell XFD1: a value beyond column AMJ, the last one promoctl reads: delete the columns to the right of the codes`},
		{"2M shared strings", archive(t, book{sheets: simple, shared: strs.String()}.parts()...), Limits{},
			"more than 500000 shared strings, more than promoctl reads"},
		{"100k styles", archive(t, book{sheets: simple, styles: styles.String()}.parts()...), Limits{},
			"more than 65536 cell formats, more than promoctl reads"},
		{"unused 1000 MB part", archive(t, append(book{sheets: simple}.parts(), testPart{name: "xl/media/big.bin", raw: huge, rawSize: 1000 << 20, rawCRC: hugeCRC})...), Limits{},
			"xl/media/big.bin unpacks to 1000 MiB, more than the 160 MiB promoctl reads"},
		{"100k entries", archive(t, append(book{sheets: simple}.parts(), entries...)...), Limits{},
			"the archive holds 100005 files, more than the 10000 promoctl reads"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			peak, total := memory(func() { _, err = read(t, c.data, Options{Limits: c.lim}) })
			if got := refusal(t, err); got != c.want {
				t.Errorf("error:\n%s\nwant:\n%s", got, c.want)
			}
			if peak > 100 {
				t.Errorf("the heap grew by %.0f MiB, want under 100 (200 MiB for the whole process)", peak)
			}
			t.Logf("%d bytes: heap grew by %.1f MiB at most, %.1f MiB allocated in all", len(c.data), peak, total)
		})
	}
}
