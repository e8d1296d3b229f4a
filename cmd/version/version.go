// Package version is the version command and --version.
package version

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// IsVersionOnly reports whether args ask only for the version.
func IsVersionOnly(args []string) bool {
	return len(args) == 1 && (args[0] == "--version" || args[0] == "version")
}

// versionInfo is `version -o json`.
type versionInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Date     string `json:"date"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

func newVersionInfo(b cmdutil.Build) versionInfo {
	v := b.Version
	if v == "" {
		v = "dev"
	}
	return versionInfo{
		Version: v, Commit: b.Commit, Date: b.Date,
		Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
	}
}

// versionOptions are the inputs of version: only flags, no settings.
type versionOptions struct {
	IO        *iostreams.IOStreams
	Build     cmdutil.Build
	Output    string // --output as given, "" for none
	JQ        string
	NoHeaders bool
	Printers  []output.Printer // the run's formats; nil: output.Printers()
	Say       *i18n.Printer    // the language of the table (nil: English)
}

func NewCmd(f *cmdutil.Factory, run func(context.Context, *versionOptions) error) *cobra.Command {
	if run == nil {
		run = runVersion
	}
	opts := &versionOptions{}
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of promoctl",
		Long: `Print the version of promoctl, with the commit and its date when known.

-o json, yaml or csv (or --jq) prints the version, commit, commit date, Go
version and platform as data. Only the flags are read: the output setting of
the environment and the config file does not apply, so 'version' works
whatever the config holds.`,
		Args: cmdutil.NoArgs,
		Example: `  promoctl version
  promoctl version -o json
  promoctl version --jq .commit`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.IO, opts.Build, opts.JQ, opts.NoHeaders, opts.Printers, opts.Say = f.IO, f.Build, f.Global.JQ, f.Global.NoHeaders, f.Printers(), f.Msg
			// Only the flag: no resolver, no config file.
			opts.Output, _ = config.Lookup{Flags: cmd.Flags()}.FlagValue(config.KeyOutput)
			return run(cmd.Context(), opts)
		},
	}
}

// runVersion prints the version line, or the version as data with
// --output or --jq.
func runVersion(_ context.Context, opts *versionOptions) error {
	o := output.Options{NoHeaders: opts.NoHeaders, Printers: opts.Printers, Say: opts.Say}
	if v := opts.Output; v != "" {
		f, err := output.Formats(o.Printers).Parse(v)
		if err != nil {
			return cmdutil.UsageErr(fmt.Errorf("--output: %w", err))
		}
		if f == format.XLSX {
			return i18n.NewError(cmdutil.ExitUsage, "version.output.xlsx")
		}
		o.Format = f
	}
	if opts.JQ != "" {
		if o.Format != "" && o.Format != format.JSON {
			return i18n.NewError(cmdutil.ExitUsage, "version.jq.json", "Format", string(o.Format))
		}
		code, err := output.CompileJQ(opts.JQ)
		if err != nil {
			return cmdutil.UsageErr(err)
		}
		o.Format, o.JQ = format.JSON, code
	}
	if o.Format == "" {
		_, err := fmt.Fprintln(opts.IO.Out, cmdutil.VersionLine(opts.Build))
		return err
	}
	return output.Write(opts.IO.Out, versionData(newVersionInfo(opts.Build)), o)
}

// versionData is the version as data for every output format.
func versionData(v versionInfo) output.Data {
	raw, _ := json.Marshal(v) // a struct of strings always marshals
	keys := []string{"version", "commit", "date", "go", "platform"}
	vals := []string{v.Version, v.Commit, v.Date, v.Go, v.Platform}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			g := output.Grid{KeyValue: true}
			for i, k := range keys {
				if vals[i] != "" {
					g.Heads = append(g.Heads, output.Head{ID: "version.table." + k})
					g.Rows = append(g.Rows, []string{"", termsafe.String(vals[i])})
				}
			}
			for i, label := range output.English(g.Heads, true) {
				g.Rows[i][0] = label
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			return output.Grid{Header: keys, Rows: [][]string{vals}}, nil
		},
	}
}
