// Package format names the output formats of --output and checks a value
// for one. It is a leaf: the settings (internal/config) and the renderers
// (internal/output) both use it, so neither needs the other.
package format

import (
	"fmt"
	"strings"
)

// Format is an output format.
type Format string

// The formats of --output.
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

// Names lists the formats, for help text and completion.
func Names() []string {
	return []string{string(Table), string(Wide), string(JSON), string(JSONL), string(YAML), string(CSV), string(XLSX)}
}

// IsTable reports whether f draws a table: table or wide.
func (f Format) IsTable() bool { return f == Table || f == Wide }

// Parse checks a --output value.
func Parse(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case Table, Wide, JSON, JSONL, YAML, CSV, XLSX:
		return f, nil
	}
	return "", fmt.Errorf("unknown output format %q: use table, wide, json, jsonl, yaml, csv or xlsx", s)
}
