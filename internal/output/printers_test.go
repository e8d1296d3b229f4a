package output

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

// TestWriteLooksTheFormatUpInTheTable: Write and WriteList render with the
// row of the table of formats that Options names, a row a caller adds
// included; a table format without a table form is JSON.
func TestWriteLooksTheFormatUpInTheTable(t *testing.T) {
	row := Printer{
		Spec: format.Spec{Name: "tsv", Description: "tab-separated values"},
		Data: func(w *bufio.Writer, d Data, _ Options) error {
			_, err := w.WriteString("data " + string(d.JSON) + "\n")
			return err
		},
		List: func(w *bufio.Writer, _ List, _ Options) error { _, err := w.WriteString("list\n"); return err },
	}
	o := Options{Format: "tsv", Printers: append(Printers(), row)}
	var buf bytes.Buffer
	if err := Write(&buf, Data{JSON: []byte(`[1]`)}, o); err != nil || buf.String() != "data [1]\n" {
		t.Errorf("Write = %q, %v", buf.String(), err)
	}
	buf.Reset()
	if err := WriteList(&buf, List{}, o); err != nil || buf.String() != "list\n" {
		t.Errorf("WriteList = %q, %v", buf.String(), err)
	}
	buf.Reset()
	o.Format = format.Wide
	if err := Write(&buf, Data{JSON: []byte(`[1]`)}, o); err != nil || buf.String() != "[1]\n" {
		t.Errorf("Write -o wide without tables = %q, %v; want the JSON", buf.String(), err)
	}
	if got := Formats(o.Printers).List(); got != "table, wide, json, jsonl, yaml, csv, xlsx or tsv" {
		t.Errorf("Formats(...).List() = %q", got)
	}
}

// TestScriptingDocsListEveryFormat: docs/scripting.md's table of output
// formats has a row for each row of Printers, and docs/configuration.md's
// row of the output setting names each.
func TestScriptingDocsListEveryFormat(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scripting.md")
	if err != nil {
		t.Fatal(err)
	}
	conf, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	var setting string
	for _, line := range strings.Split(string(conf), "\n") {
		if strings.HasPrefix(line, "| `output` |") {
			setting = line
		}
	}
	for _, f := range Formats(nil) {
		if !strings.Contains(string(doc), "\n| `"+string(f.Name)+"` | ") {
			t.Errorf("docs/scripting.md's table of output formats has no row for %s", f.Name)
		}
		if !strings.Contains(setting, "`"+string(f.Name)+"`") {
			t.Errorf("docs/configuration.md's row of the output setting does not name %s: %q", f.Name, setting)
		}
	}
}
