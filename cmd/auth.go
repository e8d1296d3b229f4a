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
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
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
	c.AddCommand(newAuthLoginCmd(f, nil), newAuthStatusCmd(f, nil), newAuthLogoutCmd(f, nil))
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

// authLoginOptions are the inputs of auth login.
type authLoginOptions struct {
	*configSession
	Doc *config.Doc // the config file as read
	// Settings are those of the profile being logged in to, which may not
	// exist yet: its base URL, user id and timeout, with the usual
	// precedence.
	Settings  *config.Settings
	WithToken bool   // --with-token: the key is read from Stdin
	Token     string // --token, when TokenFlag
	TokenFlag bool
	Stdin     io.Reader
	Prompter  loginPrompter // asks for the credentials on a terminal
	PlainHTTP plainHTTP
	// NewClient builds the client that checks the credentials: exactly
	// those given, whatever the settings say.
	NewClient func(cr credentials, timeout time.Duration, allowPlain bool) (*api.Client, error)
}

func newAuthLoginCmd(f *factory, run func(context.Context, *authLoginOptions) error) *cobra.Command {
	if run == nil {
		run = runAuthLogin
	}
	opts := &authLoginOptions{}
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
			if f.global.sandbox {
				return usagef("auth login saves credentials for the real service; --sandbox needs none")
			}
			doc, err := f.configDoc(cmd)
			if err != nil {
				return err
			}
			s, err := f.resolver(cmd).NewProfileSettings(doc.Path, doc.File)
			if err != nil {
				return err
			}
			opts.configSession, opts.Doc, opts.Settings = f.startConfig(cmd), doc, s
			opts.Token, opts.TokenFlag = f.resolver(cmd).FlagValue(config.KeyToken)
			opts.Stdin = stdinReader(cmd.Context(), f.io, "Paste the API key, then press Enter", true)
			opts.Prompter = promptAs[loginPrompter](f)
			opts.PlainHTTP = f.plainHTTP()
			opts.NewClient = func(cr credentials, timeout time.Duration, allowPlain bool) (*api.Client, error) {
				o, err := f.clientOptions()
				if err != nil {
					return nil, err
				}
				o.BaseURL, o.Token, o.UserID = cr.baseURL, cr.token, cr.userID
				o.Timeout, o.AllowInsecureHTTP = timeout, allowPlain
				return api.New(o)
			}
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.WithToken, "with-token", false, "read the API key from standard input")
	return c
}

// runAuthLogin checks the credentials with one request, then saves them
// in the profile and makes it the current one. A key the server refuses
// is not saved; one that could not be checked is, with an error.
func runAuthLogin(ctx context.Context, opts *authLoginOptions) error {
	s := opts.Settings
	cr, err := opts.input(ctx)
	if err != nil {
		return err
	}
	opts.Secret(cr.token)
	// Refuse plain HTTP before anything is saved or sent.
	allowPlain, err := opts.PlainHTTP.allow(cr.baseURL)
	if err != nil {
		return err
	}
	if !opts.Doc.HasProfile(cr.profile) {
		if err := config.CheckProfileName(cr.profile); err != nil {
			return usageErr(err)
		}
	}
	// Check first: a key the server refuses never replaces a working one,
	// and a login cancelled during the check changes nothing.
	verr := opts.verify(ctx, cr, s.Timeout, allowPlain)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(verr, context.Canceled):
		return verr
	case isAuthFailure(verr):
		return fmt.Errorf("the server refused the credentials, so nothing was saved: %w", verr)
	}

	lockCtx, cancelLock := context.WithTimeout(ctx, s.Timeout)
	defer cancelLock()
	var inKeychain bool
	doc, err := opts.File.Edit(lockCtx, func(doc *config.Doc) (bool, error) {
		if err := doc.Set(cr.profile, config.KeyBaseURL, cr.baseURL); err != nil {
			return false, err
		}
		var err error
		if inKeychain, err = opts.Keys.store(lockCtx, doc, cr.profile, cr.token); err != nil {
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
	opts.warnEnvOverrides(cr)
	if verr != nil {
		// The server could not be asked (network, timeout, server error):
		// the key may well work, so it is kept, and the user told.
		return fmt.Errorf("saved profile %q in %s, but could not check the key: %w", cr.profile, doc.Path, verr)
	}
	where := ""
	if inKeychain {
		where = ", with the API key in the system keychain"
	} else if opts.WithToken && !opts.IO.IsStderrTTY() && opts.Keys.kc == nil {
		// A key in a plain file is worth a line even in a script (a
		// keychain that failed has said so already).
		fmt.Fprintf(opts.IO.ErrOut, "promoctl: %s\n", opts.Warnings.msg.T("rest.auth.key_in_file", "User", cr.userID, "Path", doc.Path))
	}
	opts.notef("Logged in to %s as user %d: the credentials work. Saved as profile %q (the current profile) in %s%s.",
		cr.baseURL, cr.userID, cr.profile, doc.Path, where)
	return nil
}

// input gathers the credentials from the form on a terminal, or from
// stdin and the flags.
func (opts *authLoginOptions) input(ctx context.Context) (credentials, error) {
	s := opts.Settings
	cr := credentials{profile: s.Profile, baseURL: s.BaseURL, userID: s.UserID}
	switch {
	case opts.WithToken && opts.TokenFlag:
		return cr, usagef("--with-token and --token cannot be used together: pipe the key to --with-token")
	case opts.WithToken:
		t, err := readToken(opts.Stdin)
		if err != nil {
			return cr, err
		}
		cr.token = t
	case opts.TokenFlag:
		t, err := config.CheckValue(config.KeyToken, opts.Token)
		if err != nil {
			return cr, usagef("--token: %v", err)
		}
		cr.token = t
	case opts.IO.CanPrompt():
		var uid string
		if s.UserID != 0 {
			uid = strconv.FormatInt(s.UserID, 10)
		}
		a, err := opts.Prompter.Login(ctx, prompt.LoginDefaults{Profile: s.Profile, BaseURL: s.BaseURL, UserID: uid})
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

// verify checks the credentials with one cheap request within timeout.
func (opts *authLoginOptions) verify(ctx context.Context, cr credentials, timeout time.Duration, allowPlain bool) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c, err := opts.NewClient(cr, timeout, allowPlain)
	if err != nil {
		return err
	}
	return c.Verify(ctx)
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

// loginRules are the login form's defaults and checks: those of the
// config file and the API client, so that the form refuses what
// `config set` would.
func loginRules() prompt.LoginRules {
	return prompt.LoginRules{
		DefaultProfile: config.DefaultProfile,
		DefaultBaseURL: baseurl.Default,
		Profile:        config.CheckProfileName,
		BaseURL: func(s string) error {
			_, err := baseurl.Parse(s)
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
func (opts *authLoginOptions) warnEnvOverrides(cr credentials) {
	vars := []struct{ env, what, saved string }{
		{"PROMOCTL_TOKEN", "API key", cr.token},
		{"PROMOCTL_USER_ID", "user id", strconv.FormatInt(cr.userID, 10)},
		{"PROMOCTL_BASE_URL", "base URL", cr.baseURL},
		{"PROMOCTL_PROFILE", "current profile", cr.profile},
	}
	for _, v := range vars {
		if got := strings.TrimSpace(opts.Env.Getenv(v.env)); got != "" && strings.TrimRight(got, "/") != v.saved {
			opts.warn(fmt.Sprintf("%s is set and overrides the saved %s until you unset it", v.env, v.what))
		}
	}
}

// isAuthFailure reports whether the server refused the credentials.
func isAuthFailure(err error) bool {
	return api.IsStatus(err, http.StatusUnauthorized) || api.IsStatus(err, http.StatusForbidden)
}

// authStatusOptions are the inputs of auth status.
type authStatusOptions struct {
	*session
	// ErrorsAsJSON says that the run's error goes to stderr as JSON, and
	// the report, then, not at all.
	ErrorsAsJSON bool
}

func newAuthStatusCmd(f *factory, run func(context.Context, *authStatusOptions) error) *cobra.Command {
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
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ErrorsAsJSON = sess, f.errorsAsJSON(cmd)
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
		missing := "API key"
		if s.Token != "" {
			missing = "user id"
		}
		return &authError{fmt.Sprintf("not logged in: profile %q has no %s: run `promoctl auth login`", s.Profile, missing)}
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	verr := client.Verify(ctx)
	if errors.Is(verr, context.Canceled) {
		return verr
	}
	st := authStatus(s, verr)
	if verr == nil {
		return opts.print(st)
	}
	if !opts.ErrorsAsJSON {
		// A failed command writes nothing to stdout: the report goes
		// with the error to stderr.
		if err := output.Write(opts.IO.ErrOut, st, output.Options{Format: format.Table}); err != nil {
			return err
		}
	}
	if isAuthFailure(verr) {
		return fmt.Errorf("the server refused the credentials of profile %q: %w", s.Profile, verr)
	}
	return fmt.Errorf("could not check the credentials of profile %q: %w", s.Profile, verr)
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

// authLogoutOptions are the inputs of auth logout.
type authLogoutOptions struct {
	*configSession
}

func newAuthLogoutCmd(f *factory, run func(context.Context, *authLogoutOptions) error) *cobra.Command {
	if run == nil {
		run = runAuthLogout
	}
	opts := &authLogoutOptions{}
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
			opts.configSession = f.startConfig(cmd)
			return run(cmd.Context(), opts)
		},
	}
}

// runAuthLogout removes the API key of the active profile from the
// keychain and the config file.
func runAuthLogout(ctx context.Context, opts *authLogoutOptions) error {
	ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
	defer cancel()
	var name string
	var fromFile, fromKeychain bool
	doc, err := opts.File.Edit(ctx, func(doc *config.Doc) (bool, error) {
		var src config.Source
		name, src = opts.Profile(doc)
		if err := requireProfile(doc, name, src); err != nil {
			return false, err
		}
		var err error
		if fromKeychain, err = opts.Keys.remove(ctx, name, doc.Path); err != nil {
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
		opts.notef("Removed the API key of profile %q from the system keychain and from %s.", name, doc.Path)
	case fromKeychain:
		opts.notef("Removed the API key of profile %q from the system keychain.", name)
	case fromFile:
		opts.notef("Removed the API key of profile %q from %s.", name, doc.Path)
	default:
		opts.notef("Profile %q has no saved API key: nothing to do.", name)
		return nil
	}
	if opts.Env.Getenv("PROMOCTL_TOKEN") != "" {
		opts.warn("PROMOCTL_TOKEN is set: commands still use it until you unset it")
	}
	return nil
}

// apiKeys keeps the API keys of profiles in the keychain, when there is
// one, and otherwise leaves them to the config file.
type apiKeys struct {
	kc     Keychain             // nil: none, or PROMOCTL_NO_KEYRING forbids it
	secret func(token string)   // learns each key read, which errors never show
	warn   func(msgs ...string) // says on stderr why a key went to the file
}

// all reads the API keys the keychain keeps for the profiles of the config
// file, one call per profile, within ctx. A keychain that fails is not
// asked again: it holds no key promoctl could use, as for every command.
func (k *apiKeys) all(ctx context.Context, doc *config.Doc) map[string]string {
	if k.kc == nil {
		return nil
	}
	keys := map[string]string{}
	for _, name := range doc.File.ProfileNames() {
		t, err := k.kc.Get(ctx, keychain.Account(name, doc.Path))
		if errors.Is(err, keychain.ErrNotFound) {
			continue
		}
		if err != nil {
			break
		}
		if t = strings.TrimSpace(t); t != "" {
			k.secret(t)
			keys[name] = t
		}
	}
	return keys
}

// store keeps the API key of a profile, within an edit of the config file:
// in the keychain when there is one (and then not in the file), else in
// the file, saying why on stderr. It reports whether the keychain took it.
func (k *apiKeys) store(ctx context.Context, doc *config.Doc, profile, token string) (bool, error) {
	if k.kc != nil {
		account := keychain.Account(profile, doc.Path)
		err := k.kc.Set(ctx, account, token)
		if err == nil {
			_, err := doc.Unset(profile, config.KeyToken)
			return true, err
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		k.warn(fmt.Sprintf("no system keychain to keep the API key in (%v): it is saved in the config file %s, which only you can read", err, doc.Path))
		// An older key in the keychain would win over the file's. A
		// keychain that cannot take a key seldom has one; if it does and
		// will not let go, auth status shows it.
		_ = k.kc.Delete(ctx, account)
	}
	return false, doc.Set(profile, config.KeyToken, token)
}

// remove removes a profile's API key from the keychain and reports whether
// there was one. A keychain that cannot be reached holds no key promoctl
// could use; one that keeps a key it was told to remove is an error.
func (k *apiKeys) remove(ctx context.Context, profile, path string) (bool, error) {
	if k.kc == nil {
		return false, nil
	}
	account := keychain.Account(profile, path)
	err := k.kc.Delete(ctx, account)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, keychain.ErrNotFound):
		return false, nil
	case ctx.Err() != nil:
		return false, ctx.Err()
	}
	if _, gerr := k.kc.Get(ctx, account); gerr == nil {
		return false, fmt.Errorf("remove the API key of profile %q from the system keychain: %w", profile, err)
	}
	return false, nil
}

// requireProfile fails when a profile the user named explicitly (--profile
// or PROMOCTL_PROFILE) is not in the file.
func requireProfile(doc *config.Doc, name string, src config.Source) error {
	if doc.HasProfile(name) || (src.Kind != "flag" && src.Kind != "env") {
		return nil
	}
	return &config.ValueError{Key: "profile", Source: src, Err: profileNotFound(doc, name)}
}

// profileNotFound names the profiles there are.
func profileNotFound(doc *config.Doc, name string) error {
	return config.ProfileNotFound(doc.Path, doc.File, name)
}
