package auth

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/prompt"
)

// loginStub answers the login form.
type loginStub struct {
	answers prompt.LoginAnswers
	err     error
	got     []prompt.LoginDefaults
}

func (s *loginStub) Confirm(context.Context, string, string, bool) (bool, error) {
	return false, errors.New("unexpected confirmation")
}

func (s *loginStub) Login(_ context.Context, d prompt.LoginDefaults) (prompt.LoginAnswers, error) {
	s.got = append(s.got, d)
	return s.answers, s.err
}

func TestAuthLoginWithToken(t *testing.T) {
	r := newBareRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 0, "", cmdtest.KeyInFile(42, r.ConfigPath()))
	reqs := r.ExpectRoutes(t, "GET /v3/public/site")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	r.ExpectConfig(t, apitest.Lines(
		"current_profile: default",
		"profiles:",
		"  default:",
		"    base_url: "+r.API.URL,
		"    token: "+cmdtest.TestToken,
		"    user_id: 42",
	))
	r.ExpectModes(t)

	// The saved credentials are what the next command uses.
	r.Run("auth", "status").Expect(t, 0, keyValueTable(
		"Profile:", "default",
		"Config file:", r.ConfigPath(),
		"Base URL:", r.API.URL+"  (profile default)",
		"User ID:", "42  (profile default)",
		"API key:", "tok…56  (config file)",
		"Credentials:", "valid",
	), "")
}

// keyValueTable draws key/value rows as the table renderer does: each
// column padded to its widest cell, then two spaces.
func keyValueTable(kv ...string) string {
	var w [2]int
	for i, s := range kv {
		w[i%2] = max(w[i%2], len([]rune(s)))
	}
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString(strings.TrimRight(cmdtest.Pad(kv[i], w[0])+"  "+kv[i+1], " ") + "\n")
	}
	return b.String()
}

func TestAuthLoginSaysWhatItDidOnATerminal(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL, "--profile", "shop").Expect(t, 0, "",
		"Paste the API key, then press Enter\n"+
			"Logged in to "+r.API.URL+" as user 42: the credentials work. Saved as profile \"shop\" (the current profile) in "+r.ConfigPath()+".\n")
}

func TestAuthLoginTokenFromFlag(t *testing.T) {
	r := newBareRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `{"data":[]}`)
	r.Run("auth", "login", "--token", cmdtest.TestToken, "--user-id", "42", "--base-url", r.API.URL).Expect(t, 0, "", "")
	cmdtest.ExpectHeaders(t, r.ExpectRoutes(t, "GET /v3/public/site")[0], false)
	if got := r.ReadConfig(); !strings.Contains(got, "token: "+cmdtest.TestToken+"\n") {
		t.Errorf("config file:\n%s\nwant the token saved", got)
	}
}

// workingConfig is a config file whose default profile has a working key.
const workingConfig = `current_profile: staging
profiles:
  staging:
    token: staging-token-0123456789
    user_id: 43
  default:
    token: working-token-0123456789 # the key that works
    user_id: 42
`

func TestAuthLoginRefusedKeepsTheWorkingKey(t *testing.T) {
	for _, c := range []struct {
		status int
		body   string
		detail string
	}{
		{http.StatusUnauthorized, apitest.Error(401, 16, "invalid token"), "authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)"},
		{http.StatusForbidden, apitest.Error(403, 30, "user cant view site"), "you cannot view this site (API error 30: user cant view site)"},
	} {
		t.Run(http.StatusText(c.status), func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig(workingConfig)
			r.API.Handle("GET /v3/public/site", c.status, c.body)
			r.Stdin = cmdtest.TestToken + "\n" // a mistyped key
			r.Run("auth", "login", "--with-token", "--base-url", r.API.URL, "--profile", "default").Expect(t, 3, "",
				"promoctl: the server refused the credentials, so nothing was saved: "+c.detail+"\n")
			// Neither the key nor the current profile changed.
			r.ExpectConfig(t, workingConfig)
		})
	}
}

func TestAuthLoginRefusedWritesNoFile(t *testing.T) {
	r := newBareRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusUnauthorized, apitest.Error(401, 16, "invalid token"))
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 3, "",
		"promoctl: the server refused the credentials, so nothing was saved: authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)\n")
	if _, err := os.Stat(filepath.Dir(r.ConfigPath())); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("config folder created (%v), want nothing written", err)
	}
}

func TestAuthLoginCancelledDuringTheCheckChangesNothing(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(workingConfig)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Ctx = ctx
	r.API.HandleFunc("GET /v3/public/site", func(w http.ResponseWriter, req *http.Request) {
		cancel() // Ctrl-C while the key is being checked
		<-req.Context().Done()
	})
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--base-url", r.API.URL, "--profile", "default").Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectConfig(t, workingConfig)
}

func TestAuthLoginCannotVerify(t *testing.T) {
	r := newBareRunner(t)
	r.Stdin = cmdtest.TestToken + "\n"
	res := r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", cmdtest.RefusedURL)
	if res.Code != 1 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want 1 and nothing", res.Code, res.Stdout)
	}
	want := "promoctl: saved profile \"default\" in " + r.ConfigPath() + ", but could not check the key: cannot reach the server"
	if !strings.HasPrefix(res.Stderr, want) {
		t.Errorf("stderr = %q, want it to start with %q", res.Stderr, want)
	}
	if got := r.ReadConfig(); !strings.Contains(got, "user_id: 42\n") {
		t.Errorf("config file:\n%s\nwant the credentials saved all the same", got)
	}
}

func TestAuthLoginCheckTimesOut(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(workingConfig)
	r.API.HandleFunc("GET /v3/public/site", func(w http.ResponseWriter, req *http.Request) {
		<-req.Context().Done()
	})
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--base-url", r.API.URL, "--profile", "default", "--timeout", "200ms").Expect(t, 1, "",
		"promoctl: saved profile \"default\" in "+r.ConfigPath()+", but could not check the key: timed out after 200ms waiting for the server (raise it with --timeout)\n")
	if got := r.ReadConfig(); !strings.Contains(got, "token: "+cmdtest.TestToken+" # the key that works\n") || !strings.HasPrefix(got, "current_profile: default\n") {
		t.Errorf("config file:\n%s\nwant the new key saved and the profile current", got)
	}
}

func TestAuthLoginServerError(t *testing.T) {
	r := newBareRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusInternalServerError, apitest.Error(500, 0, "unknown error"))
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 1, "",
		"promoctl: saved profile \"default\" in "+r.ConfigPath()+", but could not check the key: server error (API error 0: unknown error)\n")
}

func TestAuthLoginMissingInput(t *testing.T) {
	for _, c := range []struct {
		name   string
		stdin  string
		args   []string
		stderr string
	}{
		{"no terminal and no --with-token", "", []string{"--user-id", "42"},
			"promoctl: --with-token is required when not running interactively: printf '%s' \"$KEY\" | promoctl auth login --with-token --user-id N\n"},
		{"empty stdin", "", []string{"--with-token", "--user-id", "42"},
			"promoctl: --with-token: standard input is empty; pipe the API key: printf '%s' \"$KEY\" | promoctl auth login --with-token\n"},
		{"only a newline", "\n", []string{"--with-token", "--user-id", "42"},
			"promoctl: --with-token: standard input is empty; pipe the API key: printf '%s' \"$KEY\" | promoctl auth login --with-token\n"},
		{"two lines", cmdtest.TestToken + "\nmore\n", []string{"--with-token", "--user-id", "42"},
			"promoctl: --with-token: the API key read from standard input has spaces, line breaks or control characters in it\n"},
		{"a space inside", "tok en-123456789\n", []string{"--with-token", "--user-id", "42"},
			"promoctl: --with-token: the API key read from standard input has spaces, line breaks or control characters in it\n"},
		{"no user id", cmdtest.TestToken, []string{"--with-token"},
			"promoctl: --user-id is required when not running interactively (it is \"Your ID\" in the account menu of the site admin)\n"},
		{"bad user id", cmdtest.TestToken, []string{"--with-token", "--user-id", "abc"},
			"promoctl: invalid user_id (from flag --user-id): \"abc\" is not a positive integer\n"},
		{"bad base URL", cmdtest.TestToken, []string{"--with-token", "--user-id", "42", "--base-url", "api.lpmotor.ru"},
			"promoctl: invalid base_url (from flag --base-url): invalid base URL \"api.lpmotor.ru\": want an absolute http or https URL such as https://api.lpmotor.ru\n"},
		{"bad profile name", cmdtest.TestToken, []string{"--with-token", "--user-id", "42", "--profile", "my shop"},
			"promoctl: profile name \"my shop\" may hold only Latin letters, digits, '.', '_' and '-'\n"},
		{"both token sources", cmdtest.TestToken, []string{"--with-token", "--token", cmdtest.TestToken, "--user-id", "42"},
			"promoctl: --with-token and --token cannot be used together: pipe the key to --with-token\n"},
		{"sandbox", cmdtest.TestToken, []string{"--with-token", "--user-id", "42", "--sandbox"},
			"promoctl: auth login saves credentials for the real service; --sandbox needs none\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			r.Stdin = c.stdin
			r.Run(append([]string{"auth", "login"}, c.args...)...).Expect(t, 2, "", c.stderr)
			r.ExpectNoRequests(t)
			if got := r.ReadConfig(); got != "" {
				t.Errorf("config file written:\n%s\nwant none", got)
			}
		})
	}
}

func TestAuthLoginSecondProfile(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(`# my accounts
current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru # the public service
    token: old-token-0123456789
    user_id: 7
    site_id: 11111
`)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL, "--profile", "staging").Expect(t, 0, "", cmdtest.KeyInFile(42, r.ConfigPath()))
	r.ExpectConfig(t, `# my accounts
current_profile: staging
profiles:
  default:
    base_url: https://api.lpmotor.ru # the public service
    token: old-token-0123456789
    user_id: 7
    site_id: 11111
  staging:
    base_url: `+r.API.URL+`
    token: `+cmdtest.TestToken+`
    user_id: 42
`)
	r.ExpectModes(t)
}

func TestAuthLoginKeepsTheProfilesOtherSettings(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(`profiles:
  default:
    token: old-token-0123456789
    user_id: 7
    site_id: 11111
    output: json
`)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	// The user id is the profile's: only the key changes.
	r.Run("auth", "login", "--with-token", "--base-url", r.API.URL).Expect(t, 0, "", cmdtest.KeyInFile(7, r.ConfigPath()))
	r.ExpectConfig(t, `current_profile: default
profiles:
  default:
    token: `+cmdtest.TestToken+`
    user_id: 7
    site_id: 11111
    output: json
    base_url: `+r.API.URL+`
`)
	if got := r.API.Requests()[0].Header.Get("X-Api-User-Id"); got != "7" {
		t.Errorf("X-Api-User-Id = %q, want the saved 7", got)
	}
}

func TestAuthLoginRefusesACorruptConfig(t *testing.T) {
	r := newBareRunner(t)
	corrupt := "current_profile: default\nprofiles:\n  default:\n    token: a: b\n"
	r.WriteConfig(corrupt)
	r.Stdin = cmdtest.TestToken + "\n"
	res := r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL)
	if res.Code != 2 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want 2 and nothing", res.Code, res.Stdout)
	}
	if want := "promoctl: config file " + r.ConfigPath() + " is not valid: line 4: mapping values are not allowed in this context (fix or remove the file)\n"; res.Stderr != want {
		t.Errorf("stderr = %q, want %q", res.Stderr, want)
	}
	r.ExpectConfig(t, corrupt)
	r.ExpectNoRequests(t)
}

func TestAuthLoginDebugRedactsTheToken(t *testing.T) {
	r := newBareRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	res := r.Run("--debug", "auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL)
	if res.Code != 0 {
		t.Fatalf("exit %d, stderr %s", res.Code, res.Stderr)
	}
	if !strings.Contains(res.Stderr, "> Authorization: Bearer [REDACTED]\n") {
		t.Errorf("debug log:\n%s\nwant the Authorization header, redacted", res.Stderr)
	}
}

func TestAuthLoginWarnsOfEnvironmentOverrides(t *testing.T) {
	r := newBareRunner(t)
	r.Env["PROMOCTL_TOKEN"] = "another-token-0123456789"
	r.Env["PROMOCTL_PROFILE"] = "other"
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL, "--profile", "shop").Expect(t, 0, "", apitest.Lines(
		"promoctl: warning: PROMOCTL_TOKEN is set and overrides the saved API key until you unset it",
		"promoctl: warning: PROMOCTL_PROFILE is set and overrides the saved current profile until you unset it",
	)+cmdtest.KeyInFile(42, r.ConfigPath()))
}

func TestAuthLoginForm(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	stub := &loginStub{answers: prompt.LoginAnswers{Profile: "shop", BaseURL: r.API.URL, UserID: 42, Token: cmdtest.TestToken}}
	r.Prompter = stub
	r.Env["PROMOCTL_USER_ID"] = "9"
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	res := r.Run("auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d, stderr %s", res.Code, res.Stderr)
	}
	want := prompt.LoginDefaults{Profile: "default", BaseURL: "https://api.lpmotor.ru", UserID: "9"}
	if len(stub.got) != 1 || stub.got[0] != want {
		t.Errorf("form defaults = %+v, want [%+v]", stub.got, want)
	}
	cmdtest.ExpectHeaders(t, r.ExpectRoutes(t, "GET /v3/public/site")[0], false)
	r.ExpectConfig(t, apitest.Lines(
		"current_profile: shop",
		"profiles:",
		"  shop:",
		"    base_url: "+r.API.URL,
		"    token: "+cmdtest.TestToken,
		"    user_id: 42",
	))
}

func TestAuthLoginFormCancelled(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.Prompter = &loginStub{err: prompt.ErrCancelled}
	r.Run("auth", "login").Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectNoRequests(t)
	if got := r.ReadConfig(); got != "" {
		t.Errorf("config file written:\n%s\nwant none", got)
	}
}

// TestAuthLoginAccessibleForm drives the real huh form in accessible mode,
// as a screen reader user would, with the key typed as a plain line.
func TestAuthLoginAccessibleForm(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = "shop\n" + r.API.URL + "\nnot-a-number\n42\n" + cmdtest.TestToken + "\n"
	res := r.Run("auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d, stderr %s", res.Code, res.Stderr)
	}
	for _, want := range []string{
		`"Your ID" in the account menu of the site admin`,
		"Profile → API key. If a key has leaked, regenerate it there.",
		"Profile name [default]",
		"Base URL [https://api.lpmotor.ru]",
		"the user id must be a positive whole number",
		"API key",
		"Logged in to " + r.API.URL + " as user 42",
	} {
		if !strings.Contains(res.Stderr, want) {
			t.Errorf("stderr:\n%s\nwant it to contain %q", res.Stderr, want)
		}
	}
	cmdtest.ExpectHeaders(t, r.ExpectRoutes(t, "GET /v3/public/site")[0], false)
	if got := r.ReadConfig(); !strings.Contains(got, "  shop:\n    base_url: "+r.API.URL+"\n    token: "+cmdtest.TestToken+"\n    user_id: 42\n") {
		t.Errorf("config file:\n%s\nwant profile shop with the answers", got)
	}
}

// TestAuthLoginFormChecksAnswers: the form promoctl builds asks again for
// an answer config set would refuse, with its message, rather than failing
// once every question is answered.
func TestAuthLoginFormChecksAnswers(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = "my shop\nshop\n" + r.API.URL + "\n42\n" + cmdtest.TestToken + "\n"
	res := r.Run("auth", "login")
	if res.Code != 0 {
		t.Fatalf("exit %d, stderr %s", res.Code, res.Stderr)
	}
	if want := `profile name "my shop" may hold only Latin letters, digits, '.', '_' and '-'`; !strings.Contains(res.Stderr, want) {
		t.Errorf("stderr:\n%s\nwant it to contain %q", res.Stderr, want)
	}
	if got := r.ReadConfig(); !strings.Contains(got, "  shop:\n") {
		t.Errorf("config file:\n%s\nwant profile shop", got)
	}
}

func TestAuthStatus(t *testing.T) {
	r := newRunner(t) // credentials from the environment
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Run("auth", "status", "-o", "json").Expect(t, 0, `{"profile":"default",`+
		`"config_file":"`+r.ConfigPath()+`",`+
		`"base_url":"`+r.API.URL+`",`+
		`"user_id":42,"token":"tok…56","token_source":"env PROMOCTL_TOKEN","credentials":"valid"}`+"\n", "")
	cmdtest.ExpectHeaders(t, r.ExpectRoutes(t, "GET /v3/public/site")[0], false)
}

func TestAuthStatusTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	res := r.Run("auth", "status")
	if res.Code != 0 || res.Stderr != "" {
		t.Fatalf("exit %d, stderr %s", res.Code, res.Stderr)
	}
	for _, want := range []string{
		"Base URL:     " + r.API.URL + "  (env PROMOCTL_BASE_URL)",
		"User ID:      42  (env PROMOCTL_USER_ID)",
		"API key:      tok…56  (env PROMOCTL_TOKEN)",
		"Credentials:  valid",
	} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("stdout:\n%s\nwant a line %q", res.Stdout, want)
		}
	}
}

func TestAuthStatusRefused(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusUnauthorized, apitest.Error(401, 16, "invalid token"))
	res := r.Run("auth", "status")
	if res.Code != 3 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want 3 and nothing", res.Code, res.Stdout)
	}
	for _, want := range []string{
		"API key:      tok…56  (env PROMOCTL_TOKEN)",
		"Credentials:  refused by the server (HTTP 401)",
		"promoctl: the server refused the credentials of profile \"default\": authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)\n",
	} {
		if !strings.Contains(res.Stderr, want) {
			t.Errorf("stderr:\n%s\nwant it to contain %q", res.Stderr, want)
		}
	}

	// With -o json, the error alone, as JSON.
	r.Run("auth", "status", "-o", "json").Expect(t, 3, "",
		`{"error":{"message":"the server refused the credentials of profile \"default\": authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)","status":401,"kind":16,"title":"invalid token","exit_code":3}}`+"\n")
}

func TestAuthStatusUnreachable(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = cmdtest.RefusedURL
	res := r.Run("auth", "status")
	if res.Code != 1 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want 1 and nothing", res.Code, res.Stdout)
	}
	if want := "promoctl: could not check the credentials of profile \"default\": cannot reach the server"; !strings.Contains(res.Stderr, want) {
		t.Errorf("stderr:\n%s\nwant it to contain %q", res.Stderr, want)
	}
}

func TestAuthStatusNotLoggedIn(t *testing.T) {
	for _, c := range []struct {
		name   string
		config string
		stderr string
	}{
		{"no config", "", "promoctl: not logged in: profile \"default\" has no API key: run `promoctl auth login`\n"},
		{"no user id", "profiles:\n  default:\n    token: " + cmdtest.TestToken + "\n", "promoctl: not logged in: profile \"default\" has no user id: run `promoctl auth login`\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			if c.config != "" {
				r.WriteConfig(c.config)
			}
			r.Run("auth", "status").Expect(t, 3, "", c.stderr)
			r.ExpectNoRequests(t)
		})
	}
}

func TestAuthLogout(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.WriteConfig(`current_profile: default
profiles:
  default:
    token: ` + cmdtest.TestToken + ` # the key
    user_id: 42
  staging:
    token: staging-token-0123456789
    user_id: 43
`)
	r.Run("auth", "logout").Expect(t, 0, "", "Removed the API key of profile \"default\" from "+r.ConfigPath()+".\n")
	r.ExpectConfig(t, `current_profile: default
profiles:
  default:
    user_id: 42
  staging:
    token: staging-token-0123456789
    user_id: 43
`)
	r.ExpectModes(t)

	r.Run("auth", "logout").Expect(t, 0, "", "Profile \"default\" has no saved API key: nothing to do.\n")

	r.Run("auth", "logout", "--profile", "staging").Expect(t, 0, "", "Removed the API key of profile \"staging\" from "+r.ConfigPath()+".\n")
	r.ExpectConfig(t, `current_profile: default
profiles:
  default:
    user_id: 42
  staging:
    user_id: 43
`)

	r.Run("auth", "logout", "--profile", "nope").Expect(t, 2, "",
		"promoctl: invalid profile (from flag --profile): \"nope\" is not in "+r.ConfigPath()+" (profiles: default, staging)\n")

	// A command that needs the key now says how to log in.
	r.Run("auth", "status").Expect(t, 3, "", "promoctl: not logged in: profile \"default\" has no API key: run `promoctl auth login`\n")
	r.ExpectNoRequests(t)
}

func TestAuthLogoutWarnsOfTheEnvironmentToken(t *testing.T) {
	r := newRunner(t) // PROMOCTL_TOKEN is set
	r.WriteConfig("profiles:\n  default:\n    token: saved-token-0123456789\n")
	r.Run("auth", "logout").Expect(t, 0, "", "promoctl: warning: PROMOCTL_TOKEN is set: commands still use it until you unset it\n")
	r.ExpectConfig(t, "profiles:\n  default: {}\n")
}

func TestAuthStatusOnTheSandbox(t *testing.T) {
	r := newBareRunner(t)
	r.Run("--sandbox", "auth", "status", "-o", "json").Expect(t, 0, `{"profile":"default",`+
		`"config_file":"`+r.ConfigPath()+`",`+
		`"base_url":"http://sandbox.localhost",`+
		`"user_id":1,"token":"****","token_source":"flag --sandbox","credentials":"valid"}`+"\n", "")
	r.ExpectNoRequests(t)
}
