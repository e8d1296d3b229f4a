// Package format names the output formats of --output and checks a value
// for one of a run's formats. It is a leaf: the settings (internal/config)
// and the renderers (internal/output) both use it, so neither needs the
// other. The table of formats is output.Printers: a row per format, its
// Spec (name, description) and its renderer; every list of format names
// (the flag's help, completion, `config set`'s check and help, messages)
// is the table's Set.
package format

import (
	"strconv"
	"strings"
)

// Format is an output format.
type Format string

// The formats of --output that promoctl's code names; the table
// (output.Printers) may hold more.
const (
	Table Format = "table"
	// Wide is a table with every column, none dropped or shortened to
	// fit the terminal.
	Wide Format = "wide"
	JSON Format = "json"
	// JSONL is JSON Lines: one JSON value a line, a list's elements each
	// on its own.
	JSONL Format = "jsonl"
	YAML  Format = "yaml"
	CSV   Format = "csv"
	// XLSX is an Excel workbook of the CSV's columns, with typed cells;
	// never written to a terminal.
	XLSX Format = "xlsx"
)

// IsTable reports whether f draws a table: table or wide.
func (f Format) IsTable() bool { return f == Table || f == Wide }

// Spec is a format as people are told of it: its name and what it is
// (completion's description, in English).
type Spec struct {
	Name        Format
	Description string
	// ErrorsAsJSON says its readers are programs that read JSON: a
	// command's error goes to stderr as a JSON object too.
	ErrorsAsJSON bool
}

// Set is the formats of a run, in the order they are listed.
type Set []Spec

// Names lists the formats' names, for completion.
func (s Set) Names() []string {
	out := make([]string, len(s))
	for i, f := range s {
		out[i] = string(f.Name)
	}
	return out
}

// List is the names as English lists choices: "table, wide or json".
func (s Set) List() string { return Or(s.Names(), "or") }

// Or lists items as choices, joined by or (the word for "or"): "a, b or c".
func Or(items []string, or string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return strings.Join(items[:last], ", ") + " " + or + " " + items[last]
}

// Parse checks an --output value against s: a name of s in any case,
// around spaces; else an *UnknownError.
func (s Set) Parse(v string) (Format, error) {
	spec, ok := s.Lookup(v)
	if !ok {
		return "", &UnknownError{Value: v, Known: s.Names()}
	}
	return spec.Name, nil
}

// Lookup is the format of s that an --output value names (in any case,
// around spaces).
func (s Set) Lookup(v string) (Spec, bool) {
	f := Format(strings.ToLower(strings.TrimSpace(v)))
	for _, spec := range s {
		if spec.Name == f {
			return spec, true
		}
	}
	return Spec{}, false
}

// UnknownError is a value that names none of a run's formats.
type UnknownError struct {
	Value string   // as given
	Known []string // the run's formats
}

func (e *UnknownError) Error() string {
	return "unknown output format " + strconv.Quote(e.Value) + ": use " + Or(e.Known, "or")
}
