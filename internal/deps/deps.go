//go:build tools

// Package deps pins modules that are used by code still being written, so
// that go mod tidy keeps them. Remove once every import is real.
package deps
import (
 _ "github.com/spf13/cobra"
 _ "github.com/spf13/viper"
 _ "github.com/olekukonko/tablewriter"
 _ "github.com/charmbracelet/huh"
 _ "github.com/itchyny/gojq"
 _ "go.yaml.in/yaml/v3"
 _ "go.etcd.io/bbolt"
 _ "github.com/rogpeppe/go-internal/testscript"
 _ "github.com/getkin/kin-openapi/openapi3"
 _ "github.com/creack/pty"
 _ "github.com/charmbracelet/lipgloss"
 _ "golang.org/x/term"
)
