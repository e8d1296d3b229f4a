package sheet

import (
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

func odsCell(attrs, text string) string {
	return `<table:table-cell ` + attrs + `><text:p>` + text + `</text:p></table:table-cell>`
}

func TestODSCells(t *testing.T) {
	rows := `<table:table-row>` + odsCell(`office:value-type="string"`, "code") + odsCell(`office:value-type="string"`, "bonus_amount") + `</table:table-row>` +
		`<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>` +
		`<table:table-row>` + odsCell(`office:value-type="string"`, `0012<text:s text:c="2"/>A<text:span>B</text:span>`) +
		`<table:table-cell office:value-type="percentage" office:value="0.15"><text:p>15%</text:p><office:annotation><text:p>a note</text:p></office:annotation></table:table-cell>` +
		odsCell(`office:value-type="date" office:date-value="2026-12-31T23:59:59.99"`, "31.12.26") +
		odsCell(`office:value-type="boolean" office:boolean-value="true" table:formula="of:=TRUE()"`, "ИСТИНА") +
		odsCell(`office:value-type="float" office:value="150.5" table:number-columns-repeated="2"`, "150,5") +
		odsCell(`office:value-type="string" office:string-value="ATTR"`, "shown") + `</table:table-row>` +
		`<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`
	got, err := read(t, odsFile(t, rows), Options{})
	want := []string{"1: A=code B=bonus_amount", "4: A=0012  AB B=0.15% C=2026-12-31T23:59:59.990 D=TRUE E=150.5 F=150.5 G=ATTR"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("read = %q, %v\nwant %q", got, err, want)
	}
}

func TestODSRefusals(t *testing.T) {
	hidden := `<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>`
	twoTables := odsContent(hidden, `<table:table table:name="Old" table:style-name="ta2"><table:table-row>`+odsCell(`office:value-type="string"`, "code")+`</table:table-row></table:table>`+
		`<table:table table:name="Codes" table:style-name="ta1"><table:table-row>`+odsCell(`office:value-type="string"`, "code")+`</table:table-row></table:table>`)
	for name, c := range map[string]struct {
		data []byte
		o    Options
		want string
	}{
		"formula without a value": {odsFile(t, `<table:table-row><table:table-cell table:formula="of:=1+1"/></table:table-row>`), Options{},
			`sheet "Codes", cell A1: the cell holds a formula without its computed value: open the file in Excel or LibreOffice and save it, or type the value`},
		"hidden first table": {archive(t, testPart{name: "mimetype", data: odsMimetype, store: true}, testPart{name: "content.xml", data: twoTables}), Options{},
			`the first sheet, "Old", is hidden: name the sheet to read with --sheet`},
		"no such table": {odsFile(t, ""), Options{Sheet: "nope"}, `no sheet "nope" in the workbook: it has "Codes"`},
		"repeated values past the rows": {odsFile(t, `<table:table-row table:number-rows-repeated="1048576">`+odsCell(`office:value-type="string"`, "X")+`</table:table-row>`), Options{},
			`sheet "Codes", row 1: more than 200001 rows, empty rows included: apply at most 200,000 promo codes at a time`},
		"repeated values past the columns": {odsFile(t, `<table:table-row>`+odsCell(`office:value-type="string" table:number-columns-repeated="16384"`, "X")+`</table:table-row>`), Options{},
			`sheet "Codes", cell AMK1: a value beyond column AMJ, the last one promoctl reads: delete the columns to the right of the codes`},
		"encrypted": {odsFile(t, "", testPart{name: "META-INF/manifest.xml", data: `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>`}), Options{},
			`META-INF/manifest.xml is in the archive twice: the file is damaged`},
		"an entity": {odsFile(t, `<table:table-row>`+odsCell(`office:value-type="string"`, "&bogus;")+`</table:table-row>`), Options{},
			`sheet "Codes", cell A1: the XML of content.xml is not well-formed (line 2: invalid character entity &bogus;): the file is damaged`},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := read(t, c.data, c.o)
			if got := refusal(t, err); got != c.want {
				t.Errorf("error:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
	encrypted := archive(t, testPart{name: "mimetype", data: odsMimetype, store: true},
		testPart{name: "META-INF/manifest.xml", data: `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>`},
		testPart{name: "content.xml", data: "\x00\x01 encrypted"})
	_, err := read(t, encrypted, Options{})
	if got := refusal(t, err); !strings.HasPrefix(got, "the workbook is protected by a password") {
		t.Errorf("encrypted: %s", got)
	}
	if got, err := read(t, archive(t, testPart{name: "mimetype", data: odsMimetype, store: true}, testPart{name: "content.xml", data: twoTables}), Options{Sheet: "Codes"}); err != nil || !slices.Equal(got, []string{"1: A=code"}) {
		t.Errorf("--sheet Codes: %q, %v", got, err)
	}
}

// A refusal is a catalog message: in Russian, the names and values it
// echoes stand in «ёлочки», and nothing of it is English.
func TestRefusalsInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	for name, c := range map[string]struct {
		data []byte
		o    Options
		want string
	}{
		"no such table": {odsFile(t, ""), Options{Sheet: "нет"}, "в книге нет листа «нет»: в ней есть «Codes»"},
		"not a zip":     {[]byte("x"), Options{}, "не книга или повреждённая книга: в файле нет оглавления ZIP-архива"},
		"a bad number": {odsFile(t, `<table:table-row>`+odsCell(`office:value-type="float" office:value="много"`, "X")+`</table:table-row>`), Options{},
			"лист «Codes», ячейка A1: в числовой ячейке «много», а это не число: файл повреждён"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := read(t, c.data, c.o)
			refusal(t, err)
			if got := ru.ErrorText(err); got != c.want {
				t.Errorf("error in Russian:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
