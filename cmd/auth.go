package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/prompt"
)

// loginPrompter asks for the credentials on a terminal.
type loginPrompter interface {
	Login(ctx context.Context, d prompt.LoginDefaults) (prompt.LoginAnswers, error)
}

func newAuthCmd(f *factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "auth",
		GroupID: "setup",
		Short:   "Log in, check the credentials, log out",
		Long: `Save your Mottor (LPmotor) credentials in a profile of the config file (the
API key in the system keychain when there is one), check that they work, and
remove them.

promoctl needs your user id ("Your ID" in the account menu of the site admin)
and an API key (Profile → API key; a leaked key can be regenerated there).`,
		Example: `  promoctl auth login
  printf '%s' "$KEY" | promoctl auth login --with-token --user-id 123
  promoctl auth status`,
		RunE: groupRun,
	}
	c.AddCommand(newAuthLoginCmd(f), newAuthStatusCmd(f), newAuthLogoutCmd(f))
	return c
}

// maxTokenBytes bounds what --with-token reads from stdin.
const maxTokenBytes = 64 << 10

// credentials are what auth login saves.
type credentials struct {
	profile, baseURL string
	userID           int64
	token            string
}

func newAuthLoginCmd(f *factory) *cobra.Command {
	var withToken bool
	c := &cobra.Command{
		Use:   "login",
		Short: "Save your user id and API key in a profile",
		Long: `Check with one request that your user id and API key work, then save them in
a profile of the config file and make that profile the current one.

On a terminal, a form asks for the profile name, the base URL, the user id
and the API key (the key is not shown as you type). Your user id is "Your ID"
in the account menu of the site admin; the API key is under Profile → API key,
where a leaked key can be regenerated.

In scripts, pipe the key to --with-token and name the rest with flags:
--user-id (required unless the profile has one), --base-url (default: the
profile's, else https://api.lpmotor.ru) and --profile (default: the active
profile). PROMOCTL_USER_ID and PROMOCTL_BASE_URL count as well, as they do for
every command.

When the server refuses the credentials, nothing is saved and the command
exits 3: a mistyped key never replaces one that works. When the check cannot
be made (the server cannot be reached, times out or fails), the credentials
are saved all the same and the command says so and exits 1. Ctrl-C changes
nothing.

The API key goes to the operating system's keychain (macOS Keychain, Windows
Credential Manager, a Secret Service such as GNOME Keyring on Linux) when
there is one, and the rest to the config file. Without a keychain, or with
PROMOCTL_NO_KEYRING=1, the key is saved in the config file, which is written
with mode 0600 (the command says so on stderr when no keychain answered).`,
		Example: `  # on a terminal: answer the questions
  promoctl auth login

  # in a script: the key comes from stdin, never from the command line
  printf '%s' "$MOTTOR_API_KEY" | promoctl auth login --with-token --user-id 123

  # a second account in its own profile, which becomes the current one
  printf '%s' "$KEY" | promoctl auth login --with-token --user-id 456 --profile staging`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return f.runLogin(cmd, withToken)
		},
	}
	c.Flags().BoolVar(&withToken, "with-token", false, "read the API key from standard input")
	return c
}

func (f *factory) runLogin(cmd *cobra.Command, withToken bool) error {
	if f.global.sandbox {
		return usagef("auth login saves credentials for the real service; --sandbox needs none")
	}
	doc, err := f.configDoc(cmd)
	if err != nil {
		return err
	}
	// The settings of the profile being logged in to, which may not exist
	// yet: its base URL, user id and timeout, with the usual precedence.
	s, err := f.resolver(cmd).NewProfileSettings(doc.Path, doc.File)
	if err != nil {
		return err
	}
	cr, err := f.loginInput(cmd, withToken, s)
	if err != nil {
		return err
	}
	f.secrets = append(f.secrets, cr.token)
	// Refuse plain HTTP before anything is saved or sent.
	allowPlain, err := f.allowPlainHTTP(cr.baseURL)
	if err != nil {
		return err
	}
	if !doc.HasProfile(cr.profile) {
		if err := config.CheckProfileName(cr.profile); err != nil {
			return usageErr(err)
		}
	}
	// Check first: a key the server refuses never replaces a working one,
	// and a login cancelled during the check changes nothing.
	ctx, cancel := context.WithTimeout(cmd.Context(), s.Timeout)
	verr := f.verify(ctx, cr.baseURL, cr.token, cr.userID, s.Timeout, allowPlain)
	cancel()
	switch {
	case cmd.Context().Err() != nil:
		return cmd.Context().Err()
	case errors.Is(verr, context.Canceled):
		return verr
	case isAuthFailure(verr):
		return fmt.Errorf("the server refused the credentials, so nothing was saved: %w", verr)
	}

	lockCtx, cancelLock := context.WithTimeout(cmd.Context(), s.Timeout)
	defer cancelLock()
	var inKeychain bool
	doc, err = f.editConfig(lockCtx, cmd, func(doc *config.Doc) (bool, error) {
		if err := doc.Set(cr.profile, config.KeyBaseURL, cr.baseURL); err != nil {
			return false, err
		}
		var err error
		if inKeychain, err = f.storeToken(lockCtx, doc, cr.profile, cr.token); err != nil {
			return false, err
		}
		if err := doc.Set(cr.profile, config.KeyUserID, strconv.FormatInt(cr.userID, 10)); err != nil {
			return false, err
		}
		return true, doc.SetCurrent(cr.profile)
	})
	if err != nil {
		return err
	}
	f.warnEnvOverrides(cr)
	if verr != nil {
		// The server could not be asked (network, timeout, server error):
		// the key may well work, so it is kept, and the user told.
		return fmt.Errorf("saved profile %q in %s, but could not check the key: %w", cr.profile, doc.Path, verr)
	}
	where := ""
	if inKeychain {
		where = ", with the API key in the system keychain"
	}
	f.notef("Logged in to %s as user %d: the credentials work. Saved as profile %q (the current profile) in %s%s.",
		cr.baseURL, cr.userID, cr.profile, doc.Path, where)
	return nil
}

// loginInput gathers the credentials from the form on a terminal, or from
// stdin and the flags.
func (f *factory) loginInput(cmd *cobra.Command, withToken bool, s *config.Settings) (credentials, error) {
	cr := credentials{profile: s.Profile, baseURL: s.BaseURL, userID: s.UserID}
	tokenValue, tokenFlag := f.resolver(cmd).FlagValue(config.KeyToken)
	switch {
	case withToken && tokenFlag:
		return cr, usagef("--with-token and --token cannot be used together: pipe the key to --with-token")
	case withToken:
		t, err := readToken(f.stdin(cmd.Context(), "Paste the API key, then press Enter", true))
		if err != nil {
			return cr, err
		}
		cr.token = t
	case tokenFlag:
		t, err := config.CheckValue(config.KeyToken, tokenValue)
		if err != nil {
			return cr, usagef("--token: %v", err)
		}
		cr.token = t
	case f.io.CanPrompt():
		var uid string
		if s.UserID != 0 {
			uid = strconv.FormatInt(s.UserID, 10)
		}
		a, err := f.loginPrompter().Login(cmd.Context(), prompt.LoginDefaults{Profile: s.Profile, BaseURL: s.BaseURL, UserID: uid})
		if err != nil {
			return cr, err
		}
		return credentials{profile: a.Profile, baseURL: a.BaseURL, userID: a.UserID, token: a.Token}, nil
	default:
		return cr, usagef(`--with-token is required when not running interactively: printf '%%s' "$KEY" | promoctl auth login --with-token --user-id N`)
	}
	if cr.userID == 0 {
		return cr, usagef(`--user-id is required when not running interactively (it is "Your ID" in the account menu of the site admin)`)
	}
	return cr, nil
}

// readToken reads the API key from stdin: one trailing newline is dropped,
// anything else around or inside it is a mistake worth reporting.
func readToken(in io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(in, maxTokenBytes+1))
	if err != nil {
		return "", fmt.Errorf("read the API key from standard input: %w", err)
	}
	if len(data) > maxTokenBytes {
		return "", usagef("--with-token: standard input is longer than %d KiB; pipe only the API key", maxTokenBytes>>10)
	}
	t := strings.TrimSuffix(string(data), "\n")
	t = strings.TrimSuffix(t, "\r")
	if t == "" {
		return "", usagef(`--with-token: standard input is empty; pipe the API key: printf '%%s' "$KEY" | promoctl auth login --with-token`)
	}
	if _, err := config.CheckValue(config.KeyToken, t); err != nil || strings.TrimSpace(t) != t {
		return "", usagef("--with-token: the API key read from standard input has spaces, line breaks or control characters in it")
	}
	return t, nil
}

// loginPrompter is the prompter of the options when it can log in, else
// the huh form.
func (f *factory) loginPrompter() loginPrompter {
	if p, ok := f.prompter().(loginPrompter); ok {
		return p
	}
	return &prompt.Huh{In: f.io.In, Out: f.io.ErrOut, Accessible: f.accessible(), LoginRules: loginRules()}
}

// loginRules are the login form's defaults and checks: those of the
// config file and the API client, so that the form refuses what
// `config set` would.
func loginRules() prompt.LoginRules {
	return prompt.LoginRules{
		DefaultProfile: config.DefaultProfile,
		DefaultBaseURL: api.DefaultBaseURL,
		Profile:        config.CheckProfileName,
		BaseURL: func(s string) error {
			_, err := api.ParseBaseURL(s)
			return err
		},
		UserID: config.ParseID,
		Token: func(s string) error {
			_, err := config.CheckValue(config.KeyToken, s)
			return err
		},
	}
}

// warnEnvOverrides warns when the environment will override what login
// just saved.
func (f *factory) warnEnvOverrides(cr credentials) {
	vars := []struct{ env, what, saved string }{
		{"PROMOCTL_TOKEN", "API key", cr.token},
		{"PROMOCTL_USER_ID", "user id", strconv.FormatInt(cr.userID, 10)},
		{"PROMOCTL_BASE_URL", "base URL", cr.baseURL},
		{"PROMOCTL_PROFILE", "current profile", cr.profile},
	}
	for _, v := range vars {
		if got := strings.TrimSpace(f.env.Getenv(v.env)); got != "" && strings.TrimRight(got, "/") != v.saved {
			f.warn(fmt.Sprintf("%s is set and overrides the saved %s until you unset it", v.env, v.what))
		}
	}
}

// verify checks credentials with one cheap request. It builds its own
// client so that it checks exactly the credentials given.
func (f *factory) verify(ctx context.Context, baseURL, token string, userID int64, timeout time.Duration, allowPlain bool) (err error) {
	o := api.Options{
		BaseURL: baseURL, Token: token, UserID: userID,
		UserAgent: "promoctl/" + f.build.Version,
		Transport: f.opts.Transport, Retry: f.opts.Retry, Timeout: timeout,
		AllowInsecureHTTP: allowPlain,
	}
	if o.MaxResponseBytes, err = f.maxResponse(); err != nil {
		return err
	}
	if f.global.debug {
		o.Debug = f.io.ErrOut
	}
	c, err := api.New(o)
	if err != nil {
		return err
	}
	return c.Verify(ctx)
}

// isAuthFailure reports whether the server refused the credentials.
func isAuthFailure(err error) bool {
	return api.IsStatus(err, http.StatusUnauthorized) || api.IsStatus(err, http.StatusForbidden)
}

func newAuthStatusCmd(f *factory) *cobra.Command {
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
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			s := sess.Settings
			if !f.global.sandbox && (s.Token == "" || s.UserID == 0) {
				missing := "API key"
				if s.Token != "" {
					missing = "user id"
				}
				return &authError{fmt.Sprintf("not logged in: profile %q has no %s: run `promoctl auth login`", s.Profile, missing)}
			}
			client, err := sess.Client()
			if err != nil {
				return err
			}
			ctx, cancel := sess.withTimeout(cmd.Context())
			defer cancel()
			verr := client.Verify(ctx)
			if errors.Is(verr, context.Canceled) {
				return verr
			}
			st := authStatus(s, verr)
			if verr == nil {
				return sess.print(st)
			}
			if !f.errorsAsJSON(cmd) {
				// A failed command writes nothing to stdout: the report goes
				// with the error to stderr.
				if err := output.Write(f.io.ErrOut, st, output.Options{Format: output.Table}); err != nil {
					return err
				}
			}
			if isAuthFailure(verr) {
				return fmt.Errorf("the server refused the credentials of profile %q: %w", s.Profile, verr)
			}
			return fmt.Errorf("could not check the credentials of profile %q: %w", s.Profile, verr)
		},
	}
}

// authStatus is the report of auth status.
func authStatus(s *config.Settings, verr error) output.Data {
	state := "valid"
	switch {
	case isAuthFailure(verr):
		var ae *api.Error
		errors.As(verr, &ae)
		state = fmt.Sprintf("refused by the server (HTTP %d)", ae.Status)
	case verr != nil:
		state = "not checked: the server could not be reached or answered with an error"
	}
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
	from := func(key string) string { return "  (" + sourceText(s, s.Sources[key]) + ")" }
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			return []output.Grid{{KeyValue: true, Rows: [][]string{
				{"Profile:", output.Text(s.Profile)},
				{"Config file:", output.Text(s.Path)},
				{"Base URL:", output.Text(s.BaseURL) + from(config.KeyBaseURL)},
				{"User ID:", strconv.FormatInt(s.UserID, 10) + from(config.KeyUserID)},
				{"API key:", output.Text(token) + "  (" + tokenSource(s.Sources[config.KeyToken]) + ")"},
				{"Credentials:", state},
			}}}, nil
		},
	}
}

// tokenSource says where the API key in use is kept: "keychain", "config
// file", or the flag or variable that gives it.
func tokenSource(src config.Source) string {
	switch src.Kind {
	case "":
		return "not set"
	case "profile":
		return "config file"
	}
	return src.String()
}

// sourceText says where a setting came from, briefly: the config file's
// path is shown elsewhere.
func sourceText(s *config.Settings, src config.Source) string {
	switch src.Kind {
	case "":
		return "not set"
	case "profile":
		return "profile " + strings.TrimSuffix(src.Name, " in "+s.Path)
	}
	return src.String()
}

func newAuthLogoutCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove the API key of a profile",
		Long: `Remove the API key of a profile from the system keychain and from the config
file; the profile's other settings stay. Without --profile, the active profile
is logged out.

The key itself stays valid at Mottor: if it has leaked, regenerate it in the
site admin under Profile → API key.`,
		Example: `  promoctl auth logout
  promoctl auth logout --profile staging`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel := f.lockContext(cmd)
			defer cancel()
			var name string
			var fromFile, fromKeychain bool
			doc, err := f.editConfig(ctx, cmd, func(doc *config.Doc) (bool, error) {
				var src config.Source
				name, src = f.resolver(cmd).Profile(doc.File, doc.Path)
				if err := f.requireProfile(doc, name, src); err != nil {
					return false, err
				}
				var err error
				if fromKeychain, err = f.removeKeychainToken(ctx, name, doc.Path); err != nil {
					return false, err
				}
				fromFile, err = doc.Unset(name, config.KeyToken)
				return fromFile, err
			})
			if err != nil {
				return err
			}
			switch {
			case fromKeychain && fromFile:
				f.notef("Removed the API key of profile %q from the system keychain and from %s.", name, doc.Path)
			case fromKeychain:
				f.notef("Removed the API key of profile %q from the system keychain.", name)
			case fromFile:
				f.notef("Removed the API key of profile %q from %s.", name, doc.Path)
			default:
				f.notef("Profile %q has no saved API key: nothing to do.", name)
				return nil
			}
			if f.env.Getenv("PROMOCTL_TOKEN") != "" {
				f.warn("PROMOCTL_TOKEN is set: commands still use it until you unset it")
			}
			return nil
		},
	}
}

// removeKeychainToken removes a profile's API key from the keychain and
// reports whether there was one. A keychain that cannot be reached holds no
// key promoctl could use; one that keeps a key it was told to remove is an
// error.
func (f *factory) removeKeychainToken(ctx context.Context, profile, path string) (bool, error) {
	kc := f.keychain()
	if kc == nil {
		return false, nil
	}
	account := keychain.Account(profile, path)
	err := kc.Delete(ctx, account)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, keychain.ErrNotFound):
		return false, nil
	case ctx.Err() != nil:
		return false, ctx.Err()
	}
	if _, gerr := kc.Get(ctx, account); gerr == nil {
		return false, fmt.Errorf("remove the API key of profile %q from the system keychain: %w", profile, err)
	}
	return false, nil
}

// requireProfile fails when a profile the user named explicitly (--profile
// or PROMOCTL_PROFILE) is not in the file.
func (f *factory) requireProfile(doc *config.Doc, name string, src config.Source) error {
	if doc.HasProfile(name) || (src.Kind != "flag" && src.Kind != "env") {
		return nil
	}
	return &config.ValueError{Key: "profile", Source: src, Err: profileNotFound(doc, name)}
}

// profileNotFound names the profiles there are.
func profileNotFound(doc *config.Doc, name string) error {
	return config.ProfileNotFound(doc.Path, doc.File, name)
}
