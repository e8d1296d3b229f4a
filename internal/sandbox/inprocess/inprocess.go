// Package inprocess runs the sandbox inside promoctl, without a server:
// its data file, opened on first use and closed when the command ends, one
// handler (one rate limit) with the faults the environment puts on, and
// the settings pointed at it (--sandbox, sandbox redeem without a served
// sandbox, a completion's quiet sandbox of its own). What it says to a
// person (waiting for the data file, the faults put on, a damaged file)
// it says from the catalogs, in the language it is given.
package inprocess

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/sandbox"
)

// exitUsage is the contract's exit code of a usage error.
const exitUsage = 2

// IsToken reports whether t is one of the sandbox's public tokens.
func IsToken(t string) bool {
	for _, c := range sandbox.Credentials() {
		if c.Token == t {
			return true
		}
	}
	return false
}

// DataPath is the sandbox's data file: the one the command line
// names (given), else PROMOCTL_SANDBOX_DATA, else the default under
// $XDG_STATE_HOME.
func DataPath(given string, env config.Env) string {
	if given != "" {
		return given
	}
	if v := env.Getenv("PROMOCTL_SANDBOX_DATA"); v != "" {
		return v
	}
	return sandbox.DefaultDataPath(env.Getenv)
}

// Waiting tells the person at the terminal, on w, why nothing
// happens while another process holds the data file.
func Waiting(w io.Writer, msg *i18n.Printer, path string) func() {
	return func() {
		fmt.Fprintf(w, "promoctl: %s\n", msg.T("rest.sandbox.waiting", "Path", path))
	}
}

// OpenError adds to a failure to open the data file what to do
// about it: another process holding it is most likely a served sandbox,
// to be talked to at the address it printed.
func OpenError(err error) error {
	var (
		inUse   *sandbox.InUseError
		damaged *sandbox.DamagedError
		foreign *sandbox.ForeignFileError
	)
	switch {
	case errors.As(err, &inUse):
		return i18n.NewError(0, "sandbox.in_use", "Path", inUse.Path, "Waited", inUse.Waited,
			"URL", "http://"+sandbox.DefaultAddr, "Err", err)
	case errors.As(err, &damaged):
		return i18n.NewError(0, "sandbox.damaged", "Path", damaged.Path, "Why", damageMessage(damaged.Damage), "Err", err)
	case errors.As(err, &foreign):
		return i18n.NewError(0, "sandbox.foreign", "Path", foreign.Path, "Err", err)
	case errors.Is(err, sandbox.ErrDamaged), errors.Is(err, context.Canceled):
		return err
	}
	return i18n.NewError(0, "inprocess.open", "Err", err)
}

// damageMessage says what is wrong with a damaged data file.
func damageMessage(d sandbox.Damage) i18n.Message { return d.Message() }

// WithRecoveryHint tells how to replace a damaged data file at path; env
// says which file is the default.
func WithRecoveryHint(err error, path string, env config.Env) error {
	if !errors.Is(err, sandbox.ErrDamaged) {
		return err
	}
	reset := "promoctl sandbox reset"
	if path != sandbox.DefaultDataPath(env.Getenv) {
		reset += " --data " + path
	}
	return i18n.NewError(0, "sandbox.reset_hint", "Err", err, "Command", reset)
}

// BaseURL is the base URL of the in-process sandbox, as settings
// and journals record it.
const BaseURL = "http://sandbox.localhost"

// Sandbox is an in-process sandbox: its data file, opened on first use,
// and one handler (one rate limit), with the faults the environment puts
// on. The factory holds the run's (cmdutil.Factory.InProcessSandbox); a
// completion builds a quiet one of its own.
type Sandbox struct {
	path     string
	env      config.Env
	notices  io.Writer      // why nothing happens while another process holds the file; the faults put on
	msg      *i18n.Printer  // the language of the notices; nil is English
	lockWait time.Duration  // how long to wait for that process; 0: the settings' --timeout
	Store    *sandbox.Store // the data file, once opened
	handler  http.Handler
}

// New is the in-process sandbox of the data file at path, with the faults
// env puts on; it says what the person at the terminal should know on
// notices, in msg's language (nil: English), and waits for another
// process holding the file up to lockWait (0: the settings' --timeout).
func New(path string, env config.Env, notices io.Writer, msg *i18n.Printer, lockWait time.Duration) *Sandbox {
	return &Sandbox{path: path, env: env, notices: notices, msg: msg, lockWait: lockWait}
}

// open opens the data file once, waiting for another process to release
// it up to wait.
func (l *Sandbox) open(ctx context.Context, wait time.Duration) (*sandbox.Store, error) {
	if l.Store != nil {
		return l.Store, nil
	}
	if l.lockWait > 0 {
		wait = l.lockWait
	}
	store, err := sandbox.Open(ctx, l.path, sandbox.Options{Timeout: wait, Waiting: Waiting(l.notices, l.msg, l.path)})
	if err != nil {
		return nil, WithRecoveryHint(OpenError(err), l.path, l.env)
	}
	l.Store = store
	return store, nil
}

// Close closes the data file, if it was opened.
func (l *Sandbox) Close() {
	if l.Store != nil {
		l.Store.Close()
	}
}

// Connect points the settings at the sandbox (Point), opens its data
// file and returns the transport to it.
func (l *Sandbox) Connect(ctx context.Context, s *config.Settings) (http.RoundTripper, error) {
	if err := l.Point(s); err != nil {
		return nil, err
	}
	store, err := l.open(ctx, s.Timeout)
	if err != nil {
		return nil, err
	}
	if l.handler == nil {
		faults, err := Faults(nil, l.env)
		if err != nil {
			return nil, err
		}
		if faults.Active() {
			said := make([]string, 0, 5)
			for _, m := range FaultMessages(faults) {
				said = append(said, l.msg.Say(m))
			}
			fmt.Fprintf(l.notices, "promoctl: %s\n", l.msg.T("rest.sandbox.faults", "Faults", strings.Join(said, "; ")))
		}
		l.handler = sandbox.NewHandler(store, sandbox.HandlerOptions{Faults: faults})
	}
	return sandbox.Transport(l.handler), nil
}

// FaultMessages name each fault of f put on, for sandbox serve's banner
// and the notice of --sandbox: a rate limit, latencies, a lag, dropped
// creates.
func FaultMessages(f sandbox.Faults) []i18n.Message {
	var out []i18n.Message
	if r := f.RateLimit; r.N > 0 {
		var rate i18n.Message
		switch r.Per {
		case time.Second:
			rate = i18n.C("sandbox.rate.second", r.N, "Count", i18n.Number(r.N))
		case time.Minute:
			rate = i18n.C("sandbox.rate.minute", r.N, "Count", i18n.Number(r.N))
		default:
			rate = i18n.C("sandbox.rate.other", r.N, "Count", i18n.Number(r.N), "Per", r.Per)
		}
		out = append(out, i18n.M("sandbox.fault.rate_limit", "Rate", rate))
	}
	if f.Latency > 0 {
		out = append(out, i18n.M("sandbox.fault.latency", "Duration", f.Latency))
	}
	if f.CreateLatency > 0 {
		out = append(out, i18n.M("sandbox.fault.create_latency", "Duration", f.CreateLatency))
	}
	if f.ListLag > 0 {
		out = append(out, i18n.M("sandbox.fault.list_lag", "Duration", f.ListLag))
	}
	if f.DropAfterCreate > 0 {
		out = append(out, i18n.M("sandbox.fault.drop", "Share", i18n.Amount{Value: f.DropAfterCreate * 100, Percent: true}))
	}
	return out
}

// Point points the settings at the sandbox, with the credentials of the
// chosen user (1 unless --user-id says otherwise), without opening its
// data file.
func (l *Sandbox) Point(s *config.Settings) error {
	user := int64(1)
	if src := s.Sources[config.KeyUserID]; src.Kind == config.FromFlag {
		user = s.UserID
	}
	var token string
	for _, c := range sandbox.Credentials() {
		if c.UserID == user {
			token = c.Token
		}
	}
	if token == "" {
		return i18n.NewError(exitUsage, "inprocess.users", "ID", user)
	}
	s.BaseURL, s.Token, s.UserID = BaseURL, token, user
	s.Sources[config.KeyBaseURL] = config.Source{Kind: config.FromFlag, Name: "--sandbox"}
	s.Sources[config.KeyToken] = config.Source{Kind: config.FromFlag, Name: "--sandbox"}
	if src := s.Sources[config.KeyUserID]; src.Kind != config.FromFlag {
		s.Sources[config.KeyUserID] = config.Source{Kind: config.FromFlag, Name: "--sandbox"}
	}
	return nil
}

// SiteAccess tells who may view a site of the sandbox, once its data file
// is open.
func (l *Sandbox) SiteAccess(ctx context.Context, site int64) (sandbox.SiteAccess, error) {
	if l.Store == nil {
		return sandbox.SiteAccess{}, i18n.NewError(0, "inprocess.not_open")
	}
	return l.Store.SiteAccess(ctx, site)
}

// The sandbox's faults: flags of sandbox serve, and the environment
// variables that put them on everywhere the sandbox runs (--sandbox,
// sandbox redeem in-process, and sandbox serve without the flags).
const (
	EnvRateLimit       = "PROMOCTL_SANDBOX_RATE_LIMIT"
	EnvLatency         = "PROMOCTL_SANDBOX_LATENCY"
	EnvDropAfterCreate = "PROMOCTL_SANDBOX_DROP_AFTER_CREATE"
	EnvCreateLatency   = "PROMOCTL_SANDBOX_CREATE_LATENCY"
	EnvListLag         = "PROMOCTL_SANDBOX_LIST_LAG"
)

// Faults reads the faults to put on the sandbox: each from its flag
// of sandbox serve when flags (nil for none) has it and it was given, else
// from its environment variable. A malformed value is a usage error naming
// where it came from.
func Faults(flags *pflag.FlagSet, env config.Env) (sandbox.Faults, error) {
	var fs sandbox.Faults
	value := func(flag, name string) (string, string) {
		if flags != nil {
			if fl := flags.Lookup(flag); fl != nil && fl.Changed {
				return fl.Value.String(), "--" + flag
			}
		}
		return strings.TrimSpace(env.Getenv(name)), name
	}
	if v, from := value("rate-limit", EnvRateLimit); v != "" {
		r, err := sandbox.ParseRate(v)
		var re *sandbox.RateError
		switch {
		case errors.As(err, &re) && re.OutOfRange:
			return fs, i18n.NewError(exitUsage, "sandbox.flag.rate_range", "From", from, "Value", v, "Max", i18n.Number(sandbox.MaxRate))
		case err != nil:
			return fs, i18n.NewError(exitUsage, "sandbox.flag.rate", "From", from, "Value", v)
		}
		fs.RateLimit = r
	}
	if v, from := value("latency", EnvLatency); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxLatency {
			return fs, i18n.NewError(exitUsage, "sandbox.flag.latency", "From", from, "Value", v, "Max", sandbox.MaxLatency)
		}
		fs.Latency = d
	}
	if v, from := value("create-latency", EnvCreateLatency); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxLatency {
			return fs, i18n.NewError(exitUsage, "sandbox.flag.latency", "From", from, "Value", v, "Max", sandbox.MaxLatency)
		}
		fs.CreateLatency = d
	}
	if v, from := value("list-lag", EnvListLag); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxListLag {
			return fs, i18n.NewError(exitUsage, "sandbox.flag.list_lag", "From", from, "Value", v, "Max", sandbox.MaxListLag)
		}
		fs.ListLag = d
	}
	if v, from := value("drop-after-create", EnvDropAfterCreate); v != "" {
		p, err := strconv.ParseFloat(v, 64)
		if err != nil || p != p || p < 0 || p > 1 {
			return fs, i18n.NewError(exitUsage, "sandbox.flag.fraction", "From", from, "Value", v)
		}
		fs.DropAfterCreate = p
	}
	return fs, nil
}
