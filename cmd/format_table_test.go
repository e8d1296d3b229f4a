package cmd

import (
	"bufio"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
)

// withTSV is the table of formats with one more row: a format only this
// test binary knows, whose renderer says so.
func withTSV() []output.Printer {
	say := func(w *bufio.Writer) error { _, err := w.WriteString("tsv renderer\n"); return err }
	return append(output.Printers(), output.Printer{
		Spec: format.Spec{Name: "tsv", Description: "tab-separated values", ErrorsAsJSON: true},
		Data: func(w *bufio.Writer, _ output.Data, _ output.Options) error { return say(w) },
		List: func(w *bufio.Writer, _ output.List, _ output.Options) error { return say(w) },
	})
}

// TestAddingAFormatIsOneRow: a row added to the table of formats is in
// the -o flag's help (English and Russian), its completion, the settings'
// check (flag, `config set output`, and the error listing the formats),
// is what -o renders with, and says whether errors go out as JSON.
func TestAddingAFormatIsOneRow(t *testing.T) {
	r := newBareRunner(t)
	r.Printers = withTSV()

	help := r.Run("--help")
	if want := "output format: table, wide, json, jsonl, yaml, csv, xlsx or tsv (default table)"; !strings.Contains(help.Stdout, want) {
		t.Errorf("--help lacks %q:\n%s", want, help.Stdout)
	}
	r.Env["PROMOCTL_LANG"] = "ru"
	ruHelp := r.Run("--help")
	if want := "формат вывода: table, wide, json, jsonl, yaml, csv, xlsx или tsv (по умолчанию table)"; !strings.Contains(ruHelp.Stdout, want) {
		t.Errorf("Russian --help lacks %q:\n%s", want, ruHelp.Stdout)
	}
	setHelp := r.Run("config", "set", "--help")
	if want := "  output    table, wide, json, jsonl, yaml, csv, xlsx или tsv\n"; !strings.Contains(setHelp.Stdout, want) {
		t.Errorf("Russian config set --help lacks %q:\n%s", want, setHelp.Stdout)
	}
	r.Run("config", "set", "output", "xml").Expect(t, 2, "",
		"promoctl: неверное значение output: неизвестный формат вывода «xml»: нужен table, wide, json, jsonl, yaml, csv, xlsx или tsv\n")
	delete(r.Env, "PROMOCTL_LANG")

	if got := r.Complete(t, "promo", "list", "-o", "t"); got != "table\taligned columns for people (default)\ntsv\ttab-separated values\n:4\n" {
		t.Errorf("completion of -o t = %q", got)
	}
	if got := r.Complete(t, "config", "set", "output", ""); got != "table\nwide\njson\njsonl\nyaml\ncsv\nxlsx\ntsv\n:4\n" {
		t.Errorf("completion of config set output = %q", got)
	}

	r.Run("config", "set", "output", "xml").Expect(t, 2, "",
		"promoctl: invalid output: unknown output format \"xml\": use table, wide, json, jsonl, yaml, csv, xlsx or tsv\n")
	r.Run("config", "set", "output", "TSV").Expect(t, 0, "", "")
	if got := r.ReadConfig(); !strings.Contains(got, "output: tsv") {
		t.Errorf("config file after config set output TSV:\n%s", got)
	}
	r.Run("version", "-o", "tsv").Expect(t, 0, "tsv renderer\n", "")
	r.Run("promo", "get", "5", "-o", "tsv", "--nosuch").Expect(t, 2, "",
		`{"error":{"message":"unknown flag: --nosuch","exit_code":2}}`+"\n")
}
