package cmd

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/zalando/go-keyring"
)

func TestConfigWritesRefuseACorruptFile(t *testing.T) {
	const corrupt = "current_profile: default\nprofiles:\n  default:\n    token: a: b\n"
	want := "promoctl: config file %s is not valid: line 4: mapping values are not allowed in this context (fix or remove the file)\n"
	for _, args := range [][]string{
		{"config", "set", "site_id", "1"},
		{"config", "use", "default"},
		{"auth", "logout"},
		{"config", "get", "site_id"},
		{"config", "list"},
		{"promo", "list", "--site-id", "1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig(corrupt)
			r.Run(args...).Expect(t, 2, "", strings.Replace(want, "%s", r.ConfigPath(), 1))
			r.ExpectConfig(t, corrupt)
			r.ExpectNoRequests(t)
		})
	}
}

// TestSiteIDPrecedence checks --site-id > PROMOCTL_SITE_ID > the profile
// on a command that has the flag.
func TestSiteIDPrecedence(t *testing.T) {
	for _, c := range []struct {
		name string
		env  string
		args []string
		want string
	}{
		{"profile", "", nil, "site_id=11111"},
		{"env over profile", "12", nil, "site_id=12"},
		{"flag over env", "12", []string{"--site-id", "13"}, "site_id=13"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n")
			if c.env != "" {
				r.Env["PROMOCTL_SITE_ID"] = c.env
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			res := r.Run(append([]string{"promo", "list", "-o", "json"}, c.args...)...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			r.ExpectRoutes(t, "GET /v1/promo?"+c.want)
		})
	}
}

// TestCredentialPrecedenceInRequests checks that the token, user id and
// base URL a request carries follow flag > environment > profile.
func TestCredentialPrecedenceInRequests(t *testing.T) {
	profileAPI, envAPI, flagAPI := apitest.New(t), apitest.New(t), apitest.New(t)
	for _, s := range []*apitest.Server{profileAPI, envAPI, flagAPI} {
		s.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	}
	const profileToken, envToken = "profile-token-0123456789", "env-token-0123456789"
	for _, c := range []struct {
		name  string
		env   bool
		flags bool
		want  *apitest.Server
		token string
		user  string
	}{
		{"profile", false, false, profileAPI, profileToken, "1"},
		{"env", true, false, envAPI, envToken, "2"},
		{"flag", true, true, flagAPI, cmdtest.TestToken, "3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig("profiles:\n  default:\n    base_url: " + profileAPI.URL + "\n    token: " + profileToken + "\n    user_id: 1\n")
			if c.env {
				r.Env["PROMOCTL_BASE_URL"], r.Env["PROMOCTL_TOKEN"], r.Env["PROMOCTL_USER_ID"] = envAPI.URL, envToken, "2"
			}
			args := []string{"auth", "status"}
			if c.flags {
				args = append(args, "--base-url", flagAPI.URL, "--token", cmdtest.TestToken, "--user-id", "3")
			}
			before := len(c.want.Requests())
			res := r.Run(args...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			for _, tok := range []string{profileToken, envToken} {
				if strings.Contains(res.Stdout+res.Stderr, tok) {
					t.Errorf("output shows a token:\n%s%s", res.Stdout, res.Stderr)
				}
			}
			reqs := c.want.Requests()
			if len(reqs) != before+1 {
				t.Fatalf("requests to the %s server = %d, want 1", c.name, len(reqs)-before)
			}
			req := reqs[len(reqs)-1]
			if got := req.Header.Get("Authorization"); got != "Bearer "+c.token {
				t.Errorf("Authorization = %q, want the %s token", got, c.name)
			}
			if got := req.Header.Get("X-Api-User-Id"); got != c.user {
				t.Errorf("X-Api-User-Id = %q, want %s", got, c.user)
			}
		})
	}
}

func TestLooseConfigFileIsWarnedOf(t *testing.T) {
	for _, args := range [][]string{
		{"config", "get", "site_id"},
		{"config", "list", "-o", "json"},
		{"auth", "status"},
		{"promo", "list", "-o", "json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := newRunner(t)
			// A file without a key is not said to hold one.
			p := r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n")
			if err := os.Chmod(p, 0o644); err != nil {
				t.Fatal(err)
			}
			r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			res := r.Run(args...)
			want := "promoctl: warning: config file " + p + " can be read by other users (mode 0644): run chmod 600 " + p + "\n"
			if res.Code != 0 || !strings.HasPrefix(res.Stderr, want) || strings.Count(res.Stderr, "warning") != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant 0 and one warning: %s", res.Code, res.Stderr, want)
			}

			// One with a key is.
			r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n  other:\n    token: saved-token-0123456789\n")
			res = r.Run(args...)
			want = "promoctl: warning: config file " + p + " can be read by other users (mode 0644) and holds an API key: run chmod 600 " + p + "\n"
			if res.Code != 0 || !strings.HasPrefix(res.Stderr, want) || strings.Count(res.Stderr, "warning") != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant 0 and one warning: %s", res.Code, res.Stderr, want)
			}
		})
	}
}

func TestSetupCommandsHaveHelpWithExamples(t *testing.T) {
	for _, args := range [][]string{
		{"auth", "login"}, {"auth", "status"}, {"auth", "logout"},
		{"config", "list"}, {"config", "get"}, {"config", "set"}, {"config", "unset"}, {"config", "use"}, {"config", "path"}, {"config", "explain"},
	} {
		r := newBareRunner(t)
		res := r.Run(append(args, "--help")...)
		_, examples, _ := strings.Cut(res.Stdout, "\nExamples:\n")
		if res.Code != 0 || !strings.Contains(examples, "promoctl "+strings.Join(args, " ")) {
			t.Errorf("promoctl %s --help: exit %d, want examples of the command:\n%s", strings.Join(args, " "), res.Code, res.Stdout)
		}
	}
	r := newBareRunner(t)
	res := r.Run("--help")
	if !strings.Contains(res.Stdout, "Setup commands:\n  auth ") || !strings.Contains(res.Stdout, "\n  config ") {
		t.Errorf("promoctl --help lists no auth and config under setup commands:\n%s", res.Stdout)
	}
	r.Run("config", "nope").Expect(t, 2, "", "promoctl: unknown command \"nope\" for \"promoctl config\"\n")
	r.Run("auth", "logon").Expect(t, 2, "", "promoctl: unknown command \"logon\" for \"promoctl auth\"; did you mean \"login\"?\n")
}

func TestConfigWritesWaitForTheLockWithinTheTimeout(t *testing.T) {
	r := newBareRunner(t)
	path := r.WriteConfig("current_profile: default\n")
	unlock, err := config.Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	want := "promoctl: wait for the lock on config file " + path + ": another promoctl is changing it: context deadline exceeded\n"
	r.Run("config", "set", "site_id", "1", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("config", "use", "default", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("config", "unset", "site_id", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("auth", "logout", "--timeout", "100ms").Expect(t, 1, "", want)

	// Ctrl-C while waiting: cancelled, nothing written.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.Ctx = ctx
	r.Run("config", "set", "site_id", "1").Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectConfig(t, "current_profile: default\n")
}

func TestConfigThatIsNotARegularFileIsNotWarnedOf(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no ", os.DevNull)
	}
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	// /dev/null reads as an empty config; no advice to chmod it.
	r.Run("--config", os.DevNull, "promo", "list", "--site-id", "7", "-o", "json").Expect(t, 0, "[]\n", "")
	r.Run("--config", os.DevNull, "config", "set", "site_id", "7").Expect(t, 1, "",
		"promoctl: config file "+os.DevNull+" is not a regular file: cannot write it\n")
}

func TestCommandsNeedingCredentialsSayHowToLogIn(t *testing.T) {
	for _, c := range []struct {
		name   string
		config string
		stderr string
	}{
		{"no config", "", "promoctl: no API token: run `promoctl auth login`, or set PROMOCTL_TOKEN (try `promoctl --sandbox …` to explore without an account)\n"},
		{"logged out", "profiles:\n  default:\n    user_id: 42\n", "promoctl: no API token: run `promoctl auth login`, or set PROMOCTL_TOKEN (try `promoctl --sandbox …` to explore without an account)\n"},
		{"no user id", "profiles:\n  default:\n    token: " + cmdtest.TestToken + "\n", "promoctl: no user id: run `promoctl auth login`, or set PROMOCTL_USER_ID (it is \"Your ID\" in the account menu of the site admin)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			if c.config != "" {
				r.WriteConfig(c.config)
			}
			r.Run("promo", "get", "5").Expect(t, 3, "", c.stderr)
			r.ExpectNoRequests(t)
		})
	}
}

func TestTokenPrecedenceWithTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.WriteConfig("profiles:\n  default:\n    token: file-token-0123456789\n    user_id: 42\n    base_url: " + r.API.URL + "\n")
	if err := keyring.Set(keychain.Service, keychain.Account("default", r.ConfigPath()), "keychain-token-0123456789"); err != nil {
		t.Fatal(err)
	}
	r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"id":5,"code":"A1"}`)
	bearer := func() string {
		reqs := r.API.Requests()
		return strings.TrimPrefix(reqs[len(reqs)-1].Header.Get("Authorization"), "Bearer ")
	}
	// keychain > config file
	r.Run("promo", "get", "5", "-o", "json").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "keychain-token-0123456789" {
		t.Errorf("sent %q, want the keychain's key", got)
	}
	// env > keychain
	r.Env["PROMOCTL_TOKEN"] = "env-token-0123456789"
	r.Run("promo", "get", "5", "-o", "json").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "env-token-0123456789" {
		t.Errorf("sent %q, want the environment's key", got)
	}
	// flag > env
	r.Run("promo", "get", "5", "-o", "json", "--token", "flag-token-0123456789").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "flag-token-0123456789" {
		t.Errorf("sent %q, want the flag's key", got)
	}
}

func TestUnknownProfileWithoutAConfigFile(t *testing.T) {
	r := newRunner(t) // credentials from the environment, no config file
	p := r.ConfigPath()
	r.Run("promo", "list", "--site-id", "7", "--profile", "nope").Expect(t, 2, "",
		"promoctl: invalid profile (from flag --profile): \"nope\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile nope`\n")
	r.Env["PROMOCTL_PROFILE"] = "work"
	r.Run("promo", "list", "--site-id", "7").Expect(t, 2, "",
		"promoctl: invalid profile (from env PROMOCTL_PROFILE): \"work\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile work`\n")
	r.Run("auth", "status").Expect(t, 2, "",
		"promoctl: invalid profile (from env PROMOCTL_PROFILE): \"work\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile work`\n")
	r.ExpectNoRequests(t)

	// The commands that create a profile still do.
	delete(r.Env, "PROMOCTL_PROFILE")
	r.Run("config", "set", "site_id", "7", "--profile", "shop").Expect(t, 0, "", "")
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--profile", "new").Expect(t, 0, "", cmdtest.KeyInFile(42, r.ConfigPath()))
}
