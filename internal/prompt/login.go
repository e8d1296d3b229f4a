package prompt

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/huh"
	"golang.org/x/term"

	"github.com/promoctl/promoctl/internal/i18n"
)

// LoginDefaults are the answers the login form starts with; Enter keeps
// them.
type LoginDefaults struct {
	Profile string // "" means "default"
	BaseURL string // "" means the public service
	UserID  string // "" when unknown
}

// LoginRules are what the login form falls back to and checks its answers
// with. They belong to the settings (internal/config) and the API client;
// the form only asks again while a check fails. A nil check accepts any
// answer; without UserID an id is any positive whole number.
type LoginRules struct {
	DefaultProfile string // the profile when LoginDefaults names none
	DefaultBaseURL string // the base URL when LoginDefaults names none
	Profile        func(name string) error
	BaseURL        func(url string) error
	UserID         func(id string) (int64, error)
	Token          func(token string) error
}

func (r LoginRules) profile(s string) error { return check(r.Profile, s) }
func (r LoginRules) baseURL(s string) error { return check(r.BaseURL, s) }

func (r LoginRules) userID(s string) (int64, error) {
	if r.UserID != nil {
		return r.UserID(s)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 1 {
		return 0, i18n.NewError(0, "form.error.positive", "Value", strings.TrimSpace(s))
	}
	return n, nil
}

func check(fn func(string) error, s string) error {
	if fn == nil {
		return nil
	}
	return fn(s)
}

// LoginAnswers are the checked answers of the login form.
type LoginAnswers struct {
	Profile string
	BaseURL string
	UserID  int64
	Token   string
}

// LoginHelp tells the user where to find what the login form asks for.
const LoginHelp = `promoctl needs your user id and an API key from the site admin of Mottor (LPmotor):
  - user id: "Your ID" in the account menu of the site admin;
  - API key: Profile → API key. If a key has leaked, regenerate it there.
The key is saved in the config file, which only you can read.`

// Login asks for a profile name, the base URL, the user id and the API
// key. The key is typed without being shown: masked in the full-screen form,
// not echoed in accessible mode on a terminal. Accessible mode without a
// terminal (tests, screen readers fed by a pipe) reads the key as a plain
// line, since huh can hide input only on a terminal.
func (h *Huh) Login(ctx context.Context, d LoginDefaults) (LoginAnswers, error) {
	r := h.LoginRules
	if d.Profile == "" {
		d.Profile = r.DefaultProfile
	}
	if d.BaseURL == "" {
		d.BaseURL = r.DefaultBaseURL
	}
	profile, baseURL, userID, token := d.Profile, d.BaseURL, d.UserID, ""
	m := h.msg()
	// Accessible mode does not show a field's value or description, so the
	// titles carry the defaults and the note at the top carries the help.
	title := func(t, def string) string {
		if h.Accessible && def != "" {
			return t + " [" + def + "]"
		}
		return t
	}
	tokenField := huh.NewInput().Title(m.T("form.login.token")).
		Description(m.T("form.login.token.help")).
		Value(&token).Validate(r.checkToken)
	if !h.Accessible || isTerminal(h.In) {
		tokenField.EchoMode(huh.EchoModePassword)
	}
	form := huh.NewForm(huh.NewGroup(
		huh.NewNote().Title(m.T("form.login.title")).Description(m.T("form.login.help")),
		huh.NewInput().Title(title(m.T("form.login.profile"), d.Profile)).
			Description(m.T("form.login.profile.help")).
			Value(&profile).Validate(orDefault(d.Profile, r.profile)),
		huh.NewInput().Title(title(m.T("form.login.base_url"), d.BaseURL)).
			Description(m.T("form.login.base_url.help")).
			Value(&baseURL).Validate(orDefault(d.BaseURL, r.baseURL)),
		huh.NewInput().Title(title(m.T("form.login.user_id"), d.UserID)).
			Description(m.T("form.login.user_id.help")).
			Value(&userID).Validate(orDefault(d.UserID, r.checkUserID)),
		tokenField,
	))
	if err := h.run(ctx, form); err != nil {
		return LoginAnswers{}, err
	}

	// Check again: accessible mode lets an answer through unchecked when
	// the input ends.
	a := LoginAnswers{
		Profile: or(profile, d.Profile),
		BaseURL: strings.TrimRight(or(baseURL, d.BaseURL), "/"),
		Token:   strings.TrimSpace(token),
	}
	if err := r.profile(a.Profile); err != nil {
		return LoginAnswers{}, fmt.Errorf("%w: %v", ErrCancelled, err)
	}
	if err := r.baseURL(a.BaseURL); err != nil {
		return LoginAnswers{}, fmt.Errorf("%w: %v", ErrCancelled, err)
	}
	id, err := r.userID(or(userID, d.UserID))
	if err != nil {
		return LoginAnswers{}, i18n.NewError(0, "form.error.no_user_id", "Err", ErrCancelled)
	}
	a.UserID = id
	if err := r.checkToken(a.Token); err != nil {
		return LoginAnswers{}, i18n.NewError(0, "form.error.no_token", "Err", ErrCancelled)
	}
	return a, nil
}

// or is s trimmed, or def when s is blank.
func or(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}

// orDefault checks an answer where a blank one means def.
func orDefault(def string, check func(string) error) func(string) error {
	return func(s string) error { return check(or(s, def)) }
}

func (r LoginRules) checkUserID(s string) error {
	if strings.TrimSpace(s) == "" {
		return i18n.NewError(0, "form.error.user_id_missing")
	}
	if _, err := r.userID(s); err != nil {
		return i18n.NewError(0, "form.error.user_id")
	}
	return nil
}

// checkToken never repeats the token: a validation message is printed.
func (r LoginRules) checkToken(s string) error {
	if strings.TrimSpace(s) == "" {
		return i18n.NewError(0, "form.error.token_missing")
	}
	return check(r.Token, s)
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// byteReader reads one byte at a time (see run).
type byteReader struct{ r io.Reader }

func (b byteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return b.r.Read(p)
}
