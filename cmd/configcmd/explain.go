package configcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// configExplainOptions are the inputs of config explain.
type configExplainOptions struct {
	*cmdutil.Session
	// ConfigSource and ProfileSource say where the config file's path
	// and the active profile came from.
	ConfigSource, ProfileSource config.Source
	// Env is the environment: the locale, which chooses the language
	// when no setting does.
	Env config.Env
}

func newConfigExplainCmd(f *cmdutil.Factory, run func(context.Context, *configExplainOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigExplain
	}
	opts := &configExplainOptions{}
	return &cobra.Command{
		Use:   "explain",
		Short: "Show each setting's value and where it comes from",
		Long: `Show the value each setting has for a command run like this one, and where it
comes from: a flag, an environment variable, the active profile of the config
file, or the default. The API key is masked.`,
		Example: `  promoctl config explain
  PROMOCTL_OUTPUT=json promoctl config explain --profile staging
  promoctl config explain -o json --jq '.[] | select(.source == "env") | .setting'`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.NoAPI: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.Env = sess, f.Env
			_, opts.ConfigSource, _ = f.Resolver(cmd).Path()
			_, opts.ProfileSource = f.Resolver(cmd).Profile(sess.Settings.File, sess.Settings.Path)
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigExplain prints each setting's value and where it came from.
func runConfigExplain(_ context.Context, opts *configExplainOptions) error {
	s := *opts.Settings
	if s.Sources[config.KeyLanguage].Kind == config.Unset {
		// The locale chose it: say which variable.
		if name := i18n.LocaleVar(opts.Env); name != "" {
			s.Sources = maps.Clone(s.Sources)
			s.Language, s.Sources[config.KeyLanguage] = i18n.FromLocale(opts.Env), config.Source{Kind: config.FromEnv, Name: name}
		}
	}
	return opts.Print(explain(&s, opts.ConfigSource, opts.ProfileSource, opts.Msg))
}

// explain lists the effective settings with their sources; the table
// says the sources in msg's language.
func explain(s *config.Settings, cfgSrc, profSrc config.Source, msg *i18n.Printer) output.Data {
	type row struct {
		Setting string `json:"setting"`
		Value   string `json:"value"`
		Source  string `json:"source"`
		From    string `json:"from,omitempty"`
		said    i18n.Message
	}
	rows := []row{
		{"config_file", s.Path, string(cfgSrc.Kind), cfgSrc.Name, cmdutil.SourceMsg(cfgSrc)},
		{"profile", s.Profile, string(profSrc.Kind), profSrc.Name, cmdutil.SourceMsg(profSrc)},
	}
	values := map[string]string{
		config.KeyBaseURL:  s.BaseURL,
		config.KeyToken:    config.MaskToken(s.Token),
		config.KeyOutput:   string(s.Output),
		config.KeyTimeout:  s.Timeout.String(),
		config.KeyLanguage: string(s.Language),
	}
	if s.UserID != 0 {
		values[config.KeyUserID] = fmt.Sprint(s.UserID)
	}
	if s.SiteID != 0 {
		values[config.KeySiteID] = fmt.Sprint(s.SiteID)
	}
	for _, k := range config.Keys() {
		src := s.Sources[k]
		r := row{Setting: k, Value: values[k], Source: string(src.Kind), From: src.Name, said: cmdutil.SourceMsg(src)}
		if src.Kind == config.Unset {
			r.Source, r.said = "unset", i18n.M("setting.source.unset")
		}
		rows = append(rows, r)
	}
	j, _ := json.Marshal(rows)
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			heads := []output.Head{{ID: "table.setting"}, {ID: "table.value"}, {ID: "table.source"}}
			g := output.Grid{Header: output.English(heads, false), Heads: heads}
			for _, r := range rows {
				g.Rows = append(g.Rows, []string{r.Setting, termsafe.String(r.Value), termsafe.String(msg.Say(r.said))})
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			g := output.Grid{Header: []string{"setting", "value", "source", "from"}}
			for _, r := range rows {
				g.Rows = append(g.Rows, []string{r.Setting, r.Value, r.Source, r.From})
			}
			return g, nil
		},
	}
}
