package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/input"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/prompt"
)

// loginPrompter asks for the credentials on a terminal.
type loginPrompter interface {
	Login(ctx context.Context, d prompt.LoginDefaults) (prompt.LoginAnswers, error)
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
	*cmdutil.ConfigSession
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
	PlainHTTP cmdutil.PlainHTTP
	// NewClient builds the client that checks the credentials: exactly
	// those given, whatever the settings say.
	NewClient func(cr credentials, timeout time.Duration, allowPlain bool) (*api.Client, error)
}

func newAuthLoginCmd(f *cmdutil.Factory, run func(context.Context, *authLoginOptions) error) *cobra.Command {
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
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.Global.Sandbox {
				return i18n.NewError(cmdutil.ExitUsage, "auth.login.sandbox")
			}
			doc, err := f.ConfigDoc(cmd)
			if err != nil {
				return err
			}
			s, err := f.Resolver(cmd).NewProfileSettings(doc.Path, doc.File)
			if err != nil {
				return err
			}
			opts.ConfigSession, opts.Doc, opts.Settings = f.StartConfig(cmd), doc, s
			opts.Token, opts.TokenFlag = f.Resolver(cmd).FlagValue(config.KeyToken)
			opts.Stdin = input.StdinReader(cmd.Context(), f.IO, f.Msg.Say(i18n.M("auth.login.paste_key")), true)
			opts.Prompter = cmdutil.PromptAs[loginPrompter](f)
			opts.PlainHTTP = f.PlainHTTP()
			opts.NewClient = func(cr credentials, timeout time.Duration, allowPlain bool) (*api.Client, error) {
				o, err := f.ClientOptions()
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
	allowPlain, err := opts.PlainHTTP.Allow(cr.baseURL)
	if err != nil {
		return err
	}
	if !opts.Doc.HasProfile(cr.profile) {
		if err := config.CheckProfileName(cr.profile); err != nil {
			return cmdutil.UsageErr(err)
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
		return i18n.NewError(0, "auth.login.refused", "Err", verr)
	}

	lockCtx, cancelLock := context.WithTimeout(ctx, s.Timeout)
	defer cancelLock()
	var inKeychain bool
	doc, err := opts.File.Edit(lockCtx, func(doc *config.Doc) (bool, error) {
		if err := doc.Set(cr.profile, config.KeyBaseURL, cr.baseURL); err != nil {
			return false, err
		}
		var err error
		if inKeychain, err = opts.Keys.Store(lockCtx, doc, cr.profile, cr.token); err != nil {
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
		return i18n.NewError(0, "auth.login.saved_unchecked", "Profile", cr.profile, "Path", doc.Path, "Err", verr)
	}
	done := "auth.login.done"
	if inKeychain {
		done = "auth.login.done_keychain"
	} else if opts.WithToken && !opts.IO.IsStderrTTY() && opts.Keys.KC == nil {
		// A key in a plain file is worth a line even in a script (a
		// keychain that failed has said so already).
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Warnings.Msg.T("auth.login.key_in_file", "User", cr.userID, "Path", doc.Path))
	}
	opts.NoteMsg(i18n.M(done, "URL", cr.baseURL, "User", cr.userID, "Profile", cr.profile, "Path", doc.Path))
	return nil
}

// input gathers the credentials from the form on a terminal, or from
// stdin and the flags.
func (opts *authLoginOptions) input(ctx context.Context) (credentials, error) {
	s := opts.Settings
	cr := credentials{profile: s.Profile, baseURL: s.BaseURL, userID: s.UserID}
	switch {
	case opts.WithToken && opts.TokenFlag:
		return cr, i18n.NewError(cmdutil.ExitUsage, "auth.login.token_and_with_token")
	case opts.WithToken:
		t, err := readToken(opts.Stdin)
		if err != nil {
			return cr, err
		}
		cr.token = t
	case opts.TokenFlag:
		t, err := config.CheckValue(config.KeyToken, opts.Token, nil)
		if err != nil {
			return cr, i18n.NewError(cmdutil.ExitUsage, "auth.login.token_invalid", "Err", err)
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
		return cr, i18n.NewError(cmdutil.ExitUsage, "auth.login.with_token_required")
	}
	if cr.userID == 0 {
		return cr, i18n.NewError(cmdutil.ExitUsage, "auth.login.user_id_required")
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
		return "", i18n.NewError(0, "auth.login.read_stdin", "Err", err)
	}
	if len(data) > maxTokenBytes {
		return "", i18n.NewError(cmdutil.ExitUsage, "auth.login.stdin_too_long", "KiB", maxTokenBytes>>10)
	}
	t := strings.TrimSuffix(string(data), "\n")
	t = strings.TrimSuffix(t, "\r")
	if t == "" {
		return "", i18n.NewError(cmdutil.ExitUsage, "auth.login.stdin_empty")
	}
	if _, err := config.CheckValue(config.KeyToken, t, nil); err != nil || strings.TrimSpace(t) != t {
		return "", i18n.NewError(cmdutil.ExitUsage, "auth.login.stdin_chars")
	}
	return t, nil
}

// warnEnvOverrides warns when the environment will override what login
// just saved.
func (opts *authLoginOptions) warnEnvOverrides(cr credentials) {
	vars := []struct{ env, what, saved string }{
		{"PROMOCTL_TOKEN", "auth.login.saved.token", cr.token},
		{"PROMOCTL_USER_ID", "auth.login.saved.user_id", strconv.FormatInt(cr.userID, 10)},
		{"PROMOCTL_BASE_URL", "auth.login.saved.base_url", cr.baseURL},
		{"PROMOCTL_PROFILE", "auth.login.saved.profile", cr.profile},
	}
	for _, v := range vars {
		if got := strings.TrimSpace(opts.Env.Getenv(v.env)); got != "" && strings.TrimRight(got, "/") != v.saved {
			opts.Warnings.WarnMsg(i18n.M("auth.login.env_overrides", "Env", v.env, "What", i18n.M(v.what)))
		}
	}
}

// isAuthFailure reports whether the server refused the credentials.
func isAuthFailure(err error) bool {
	return api.IsStatus(err, http.StatusUnauthorized) || api.IsStatus(err, http.StatusForbidden)
}
