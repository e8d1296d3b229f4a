package auth

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/prompt"
)

const loginSecret = "tok-SECRET-987654"

// loginForm drives the huh login form in accessible mode with the given
// lines, as the run's prompter (the factory's) gives it to auth login,
// with its rules.
func loginForm(t *testing.T, d prompt.LoginDefaults, lines ...string) (prompt.LoginAnswers, string, error) {
	t.Helper()
	var out bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(strings.Join(lines, "\n") + "\n"), Out: io.Discard, ErrOut: &out}
	env := func(k string) (string, bool) { return "1", k == "PROMOCTL_ACCESSIBLE" }
	h := cmdutil.PromptAs[*prompt.Huh](cmdutil.NewFactory(cmdutil.Options{IO: ios, Env: env}))
	a, err := h.Login(context.Background(), d)
	if strings.Contains(out.String(), loginSecret) {
		t.Errorf("the form printed the API key:\n%s", out.String())
	}
	return a, out.String(), err
}

// TestLoginAsksAgainUntilAnAnswerIsValid drives the real login form with
// the rules auth login gives it: each answer config would refuse is asked
// again, with config's message.
func TestLoginAsksAgainUntilAnAnswerIsValid(t *testing.T) {
	t.Parallel()
	a, out, err := loginForm(t, prompt.LoginDefaults{},
		"my shop", "shop",
		"api.lpmotor.ru", "https://api.lpmotor.ru",
		"", "0", "abc", "55",
		"", "with space", loginSecret)
	if err != nil {
		t.Fatalf("Login: %v", err)
	}
	want := prompt.LoginAnswers{Profile: "shop", BaseURL: "https://api.lpmotor.ru", UserID: 55, Token: loginSecret}
	if a != want {
		t.Errorf("answers = %+v, want %+v", a, want)
	}
	for _, s := range []string{
		`profile name "my shop" may hold only Latin letters, digits, '.', '_' and '-'`,
		`invalid base URL "api.lpmotor.ru"`,
		`enter your user id: "Your ID" in the account menu of the site admin`,
		"the user id must be a positive whole number",
		"enter your API key: Profile → API key in the site admin",
		"the token contains spaces or control characters",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("form output:\n%s\nwant the message %q", out, s)
		}
	}
}
