package cmd

import (
	"bytes"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// TestExplainNamesTheSourceOfEveryTableRow runs config explain once with
// every setting of the table coming from a different layer, and checks that
// it lists each row of the table with the value and the source that won.
func TestExplainNamesTheSourceOfEveryTableRow(t *testing.T) {
	r := newBareRunner(t)
	delete(r.Env, "PROMOCTL_SITE_ID")
	r.WriteConfig("profiles:\n  default:\n    user_id: 5\n    site_id: 77\n    output: yaml\n    base_url: https://p.test\n    language: en\n")
	r.Env["PROMOCTL_TOKEN"] = "env-token-123456"
	r.Env["PROMOCTL_SITE_ID"] = "88"
	type want struct{ value, source, from string }
	wants := map[string]want{
		config.KeyBaseURL:  {"https://f.test", "flag", "--base-url"},
		config.KeyToken:    {"env…56", "env", "PROMOCTL_TOKEN"},
		config.KeyUserID:   {"5", "profile", "default in " + r.ConfigPath()},
		config.KeySiteID:   {"88", "env", "PROMOCTL_SITE_ID"},
		config.KeyOutput:   {"yaml", "profile", "default in " + r.ConfigPath()},
		config.KeyTimeout:  {"1m0s", "flag", "--timeout"},
		config.KeyLanguage: {"en", "profile", "default in " + r.ConfigPath()},
	}
	rows := cmdtest.ExplainRows(t, r, "--jq", ".", "--base-url", "https://f.test", "--timeout", "1m")
	for _, s := range config.Table() {
		w, ok := wants[s.Key]
		if !ok {
			t.Errorf("setting %s has no expectation here: add one", s.Key)
			continue
		}
		got, ok := rows[s.Key]
		if !ok {
			t.Errorf("config explain has no row for %s", s.Key)
			continue
		}
		if got.Value != w.value || got.Source != w.source || got.From != w.from {
			t.Errorf("%s = %+v, want %q from %s %s", s.Key, got, w.value, w.source, w.from)
		}
	}
	for key, w := range map[string]want{
		"config_file": {r.ConfigPath(), "default", ""},
		"profile":     {"default", "default", ""},
	} {
		if got := rows[key]; got.Value != w.value || got.Source != w.source || got.From != w.from {
			t.Errorf("%s = %+v, want %q from %s", key, got, w.value, w.source)
		}
	}
}

// TestGlobalFlagsComeFromTheSettingsTable: the root command has a flag for
// every global row of the table, with the row's shorthand and help, and no
// default of its own (the table's default is resolved with the others).
func TestGlobalFlagsComeFromTheSettingsTable(t *testing.T) {
	f := cmdutil.NewFactory(cmdutil.Options{IO: &iostreams.IOStreams{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}})
	root := newTree(f)
	for _, s := range config.GlobalFlags() {
		fl := root.PersistentFlags().Lookup(s.Flag)
		if fl == nil {
			t.Errorf("no --%s for setting %s", s.Flag, s.Key)
			continue
		}
		if usage := s.FlagUsage(f.Formats()); fl.Shorthand != s.Short || fl.Usage != usage || fl.DefValue != "" {
			t.Errorf("--%s = -%s %q default %q, want -%s %q and no default", s.Flag, fl.Shorthand, fl.Usage, fl.DefValue, s.Short, usage)
		}
	}
}

// TestNoCobraRequiredFlagsOrGroups: cobra returns the errors of its
// required flags and flag groups as plain English errors, which would not
// exit 2 (core.usageArgs types only the argument checks): a verb checks
// its flags in its own validate step instead.
func TestNoCobraRequiredFlagsOrGroups(t *testing.T) {
	f := cmdutil.NewFactory(cmdutil.Options{IO: &iostreams.IOStreams{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}})
	banned := []string{cobra.BashCompOneRequiredFlag, "cobra_annotation_required_if_others_set", "cobra_annotation_one_required", "cobra_annotation_mutually_exclusive"}
	helplang.Walk(newTree(f), func(c *cobra.Command) {
		c.Flags().VisitAll(func(fl *pflag.Flag) {
			for _, a := range banned {
				if _, ok := fl.Annotations[a]; ok {
					t.Errorf("%s --%s: %s", c.CommandPath(), fl.Name, a)
				}
			}
		})
	})
}
