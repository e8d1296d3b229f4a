package prompt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

const secret = "tok-SECRET-987654"

// login drives the login form in accessible mode with the given lines.
func login(t *testing.T, d LoginDefaults, lines ...string) (LoginAnswers, string, error) {
	t.Helper()
	var out bytes.Buffer
	h := &Huh{In: strings.NewReader(strings.Join(lines, "\n") + "\n"), Out: &out, Accessible: true, LoginRules: testRules()}
	a, err := h.Login(context.Background(), d)
	if strings.Contains(out.String(), secret) {
		t.Errorf("the form printed the API key:\n%s", out.String())
	}
	return a, out.String(), err
}

// testRules stand in for the config file's rules, which cmd wires in
// (cmd's TestLoginFormChecksWithConfigRules drives the form with those).
func testRules() LoginRules {
	return LoginRules{
		DefaultProfile: "default",
		DefaultBaseURL: "https://api.lpmotor.ru",
		BaseURL: func(s string) error {
			if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
				return fmt.Errorf("invalid base URL %q", s)
			}
			return nil
		},
	}
}

func TestLoginAsksEverything(t *testing.T) {
	a, out, err := login(t, LoginDefaults{}, "shop", "http://127.0.0.1:8787/", "123", secret)
	if err != nil {
		t.Fatalf("Login: %v", err)
	}
	want := LoginAnswers{Profile: "shop", BaseURL: "http://127.0.0.1:8787", UserID: 123, Token: secret}
	if a != want {
		t.Errorf("answers = %+v, want %+v", a, want)
	}
	// Accessible mode shows no field descriptions, so the help is in the
	// note at the top and the defaults are in the titles.
	for _, s := range []string{
		`"Your ID" in the account menu of the site admin`,
		"API key: Profile → API key. If a key has leaked, regenerate it there.",
		"Profile name [default]",
		"Base URL [https://api.lpmotor.ru]",
		"User id",
		"API key",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("form output:\n%s\nwant it to contain %q", out, s)
		}
	}
}

func TestLoginEnterKeepsTheDefaults(t *testing.T) {
	d := LoginDefaults{Profile: "work", BaseURL: "http://127.0.0.1:9", UserID: "7"}
	a, out, err := login(t, d, "", "", "", "  "+secret+"  ")
	if err != nil {
		t.Fatalf("Login: %v", err)
	}
	want := LoginAnswers{Profile: "work", BaseURL: "http://127.0.0.1:9", UserID: 7, Token: secret}
	if a != want {
		t.Errorf("answers = %+v, want %+v", a, want)
	}
	if !strings.Contains(out, "User id [7]") {
		t.Errorf("form output:\n%s\nwant the user id default in its title", out)
	}
}

func TestLoginInputEndsEarly(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
	}{
		{"before the user id", []string{"shop", ""}},
		{"before the key", []string{"shop", "", "12"}},
		{"after an invalid user id", []string{"shop", "", "abc"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, _, err := login(t, LoginDefaults{}, c.lines...)
			if !errors.Is(err, ErrCancelled) {
				t.Errorf("Login = %+v, %v; want ErrCancelled", a, err)
			}
		})
	}
}

func TestLoginInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C while the form waits for a line that never comes
	in, w := io.Pipe()
	defer w.Close()
	h := &Huh{In: in, Out: io.Discard, Accessible: true}
	if _, err := h.Login(ctx, LoginDefaults{}); !errors.Is(err, ErrCancelled) {
		t.Errorf("Login after Ctrl-C = %v, want ErrCancelled", err)
	}
}

// TestAccessibleFormsReadOneLinePerField guards the byteReader of run: huh
// gives each accessible field its own bufio.Scanner, which would otherwise
// swallow the lines of the fields after it.
func TestAccessibleFormsReadOneLinePerField(t *testing.T) {
	in := strings.NewReader("y\nrest\n")
	h := &Huh{In: in, Out: &bytes.Buffer{}, Accessible: true}
	ok, err := h.Confirm(context.Background(), "Sure?", "", false)
	if err != nil || !ok {
		t.Fatalf("Confirm = %v, %v; want true", ok, err)
	}
	if in.Len() != len("rest\n") {
		t.Errorf("Confirm read %d bytes of input, want only its own line", int(in.Size())-in.Len())
	}
}
