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
	JSON  Format = "json"
	// JSONL is JSON Lines: one JSON value a line, a list's elements each
	// on its own.
	JSONL Format = "jsonl"
	YAML  Format = "yaml"
	CSV   Format = "csv"
)

// Names lists the formats, for help text and completion.
func Names() []string {
	return []string{string(Table), string(JSON), string(JSONL), string(YAML), string(CSV)}
}

// Parse checks a --output value.
func Parse(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case Table, JSON, JSONL, YAML, CSV:
		return f, nil
	}
	return "", fmt.Errorf("unknown output format %q: use table, json, jsonl, yaml or csv", s)
}
