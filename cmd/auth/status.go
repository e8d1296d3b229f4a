package auth

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// authStatusOptions are the inputs of auth status.
type authStatusOptions struct {
	*cmdutil.Session
	// ErrorsAsJSON says that the run's error goes to stderr as JSON, and
	// the report, then, not at all.
	ErrorsAsJSON bool
}

func newAuthStatusCmd(f *cmdutil.Factory, run func(context.Context, *authStatusOptions) error) *cobra.Command {
	if run == nil {
		run = runAuthStatus
	}
	opts := &authStatusOptions{}
	return &cobra.Command{
		Use:   "status",
		Short: "Show the credentials in use and check that they work",
		Long: `Show the active profile, base URL, user id and a masked API key, with where
each comes from (for the key: the keychain, the config file, a flag or a
variable), and check with one request that the credentials work.

Exits 0 when they work, 3 when there are none or the server refuses them, 1
when the server cannot be reached.`,
		Example: `  promoctl auth status
  promoctl auth status --profile staging
  promoctl auth status -o json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.ErrorsAsJSON = sess, f.ErrorsAsJSON(cmd)
			return run(cmd.Context(), opts)
		},
	}
}

// runAuthStatus shows the credentials in use and checks them with one
// request; the report goes to stdout when they work, with the error to
// stderr when they do not.
func runAuthStatus(ctx context.Context, opts *authStatusOptions) error {
	s := opts.Settings
	if !s.Sandbox && (s.Token == "" || s.UserID == 0) {
		id := "auth.status.no_api_key"
		if s.Token != "" {
			id = "auth.status.no_user_id"
		}
		return i18n.NewError(cmdutil.ExitAuth, id, "Profile", s.Profile)
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	verr := client.Verify(ctx)
	if errors.Is(verr, context.Canceled) {
		return verr
	}
	st := authStatus(s, verr)
	if verr == nil {
		return opts.Print(st)
	}
	if !opts.ErrorsAsJSON {
		// A failed command writes nothing to stdout: the report goes
		// with the error to stderr.
		if err := output.Write(opts.IO.ErrOut, st, output.Options{Format: format.Table, Say: opts.Out.Say}); err != nil {
			return err
		}
	}
	if isAuthFailure(verr) {
		return i18n.NewError(0, "auth.status.refused", "Profile", s.Profile, "Err", verr)
	}
	return i18n.NewError(0, "auth.status.unchecked", "Profile", s.Profile, "Err", verr)
}

// authStatus is the report of auth status.
func authStatus(s *config.Settings, verr error) output.Data {
	said := i18n.M("auth.status.valid")
	switch {
	case isAuthFailure(verr):
		var ae *api.Error
		errors.As(verr, &ae)
		said = i18n.M("auth.status.refused_http", "Status", ae.Status)
	case verr != nil:
		said = i18n.M("auth.status.not_checked")
	}
	state := i18n.InEnglish(said) // JSON is English in every language
	token := config.MaskToken(s.Token)
	j, _ := json.Marshal(struct {
		Profile     string `json:"profile"`
		ConfigFile  string `json:"config_file"`
		BaseURL     string `json:"base_url"`
		UserID      int64  `json:"user_id"`
		Token       string `json:"token"`
		TokenSource string `json:"token_source"`
		Credentials string `json:"credentials"`
	}{s.Profile, s.Path, s.BaseURL, s.UserID, token, tokenSource(s.Sources[config.KeyToken]), state})
	sourced := func(v string, src i18n.Message) i18n.Message {
		return i18n.M("auth.status.sourced", "Value", v, "Source", src)
	}
	from := func(key string) i18n.Message { return cmdutil.SourceMsg(shortSource(s, s.Sources[key])) }
	tokenFrom := cmdutil.SourceMsg(s.Sources[config.KeyToken])
	if s.Sources[config.KeyToken].Kind == config.FromProfile {
		tokenFrom = i18n.M("auth.status.config_file")
	}
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			// The keys and each value that is a message are said in the
			// run's language (Options.Say) from the heads.
			heads := []output.Head{{ID: "table.profile"}, {ID: "table.config_file"},
				{ID: "table.base_url", Said: sourced(termsafe.String(s.BaseURL), from(config.KeyBaseURL))},
				{ID: "table.user_id", Said: sourced(strconv.FormatInt(s.UserID, 10), from(config.KeyUserID))},
				{ID: "table.api_key", Said: sourced(termsafe.String(token), tokenFrom)},
				{ID: "table.credentials", Said: said}}
			values := []string{termsafe.String(s.Profile), termsafe.String(s.Path)}
			for _, h := range heads[len(values):] {
				values = append(values, i18n.InEnglish(h.Said))
			}
			g := output.Grid{Heads: heads, KeyValue: true}
			for i, k := range output.English(heads, true) {
				g.Rows = append(g.Rows, []string{k, values[i]})
			}
			return []output.Grid{g}, nil
		},
	}
}

// shortSource is where a setting came from, briefly: the config file's
// path is shown elsewhere.
func shortSource(s *config.Settings, src config.Source) config.Source {
	if src.Kind == config.FromProfile {
		src.Name = strings.TrimSuffix(src.Name, " in "+s.Path)
	}
	return src
}

// tokenSource says where the API key in use is kept: "keychain", "config
// file", or the flag or variable that gives it.
func tokenSource(src config.Source) string {
	switch src.Kind {
	case "":
		return "not set"
	case config.FromProfile:
		return "config file"
	}
	return src.String()
}
