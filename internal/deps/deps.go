//go:build tools

// Package deps pins modules that are used by code still being written, so
// that go mod tidy keeps them. Remove once every import is real.
package deps

import (
	_ "github.com/charmbracelet/huh"
	_ "github.com/charmbracelet/lipgloss"
	_ "github.com/creack/pty"
	_ "github.com/getkin/kin-openapi/openapi3"
	_ "github.com/itchyny/gojq"
	_ "github.com/olekukonko/tablewriter"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/spf13/cobra"
	_ "github.com/spf13/viper"
	_ "go.etcd.io/bbolt"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/term"
)
