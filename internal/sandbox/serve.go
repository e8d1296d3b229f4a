package sandbox

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// DefaultAddr is the address Serve listens on when none is given: loopback
// only.
const DefaultAddr = "127.0.0.1:8787"

// ServeOptions configure Serve.
type ServeOptions struct {
	// Addr is the TCP address to listen on; "" means DefaultAddr. Any other
	// address is used as given: naming a non-loopback address is the
	// explicit request to expose the sandbox.
	Addr string
	// DataPath is the data file; "" means DefaultDataPath(os.Getenv).
	DataPath string
	// Reset discards the data file's contents and reseeds the demo data.
	Reset bool
	// LockTimeout is how long to wait for another process to release the
	// data file; zero means DefaultLockTimeout.
	LockTimeout time.Duration
	// Waiting, when set, is called once when Serve has waited WaitNotice
	// for another process to release the data file.
	Waiting func()
	// Now overrides the clock (tests); nil means time.Now.
	Now func() time.Time
	// Started, when set, is told once the sandbox listens: where, on
	// which data file, with which faults; the command prints the banner in
	// the user's language.
	Started func(Started)
	// Log receives one line per request; the CLI passes stderr. Nil logs
	// nothing.
	Log io.Writer
	// Faults are bad conditions put on every request (none by default);
	// the banner names them.
	Faults Faults
}

// Serve runs the sandbox as an HTTP server until ctx is cancelled, then shuts
// down gracefully (in-flight requests finish, the data file is closed) and
// returns nil. It fails when the data file is in use by another process,
// is damaged (an error matching ErrDamaged, unless Reset is set), or the
// address cannot be bound.
func Serve(ctx context.Context, opts ServeOptions) error {
	addr := opts.Addr
	if addr == "" {
		addr = DefaultAddr
	}
	path := opts.DataPath
	if path == "" {
		path = DefaultDataPath(os.Getenv)
	}
	if err := opts.Faults.Validate(); err != nil {
		return i18n.NewError(0, "sandbox.err.faults", "Err", err)
	}
	store, err := Open(ctx, path, Options{Timeout: opts.LockTimeout, Waiting: opts.Waiting, Now: opts.Now, Reset: opts.Reset})
	if err != nil {
		return err
	}
	defer store.Close()

	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return i18n.NewError(0, "sandbox.err.listen", "Addr", addr, "Err", err)
	}
	errLog := opts.Log
	if errLog == nil {
		errLog = io.Discard
	}
	srv := &http.Server{
		Handler: NewHandler(store, HandlerOptions{Log: opts.Log, Faults: opts.Faults}),
		// The server's own complaints (a bad TLS handshake, a malformed
		// request) go to the request log, not to the standard logger.
		ErrorLog:          log.New(errLog, "sandbox: ", log.LstdFlags),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	if opts.Started != nil {
		opts.Started(started(ln.Addr(), store.Path(), opts.Reset, opts.Faults))
	}

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return i18n.NewError(0, "sandbox.err.serve", "Addr", ln.Addr().String(), "Err", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return i18n.NewError(0, "sandbox.err.shutdown", "Err", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return i18n.NewError(0, "sandbox.err.serve", "Addr", ln.Addr().String(), "Err", err)
	}
	return nil
}

// Started is what Serve tells once it listens, for the banner: the
// sandbox's URL, whether anyone else can reach it, its data file, and the
// faults put on. The credentials are Credentials(); TryCommand is a
// command to try it with.
type Started struct {
	URL      string // http://ADDR
	Addr     string // ADDR
	Exposed  bool   // the address is not loopback: anyone who can reach it can use the credentials
	DataPath string
	Reset    bool // the data file was reset to the demo data
	Faults   Faults
}

func started(addr net.Addr, path string, reset bool, faults Faults) Started {
	tcp, ok := addr.(*net.TCPAddr)
	return Started{URL: "http://" + addr.String(), Addr: addr.String(), Exposed: ok && !tcp.IP.IsLoopback(),
		DataPath: path, Reset: reset, Faults: faults}
}

// TryCommand is a command that lists the promo codes of a sandbox served
// at url, as user 1.
func TryCommand(url string) string {
	return "promoctl --base-url " + url + " --user-id 1 --token sandbox promo list --site-id 1"
}

// DefaultDataPath returns where the sandbox keeps its data:
// $XDG_STATE_HOME/promoctl/sandbox.db, or $HOME/.local/state/promoctl/sandbox.db
// when XDG_STATE_HOME is unset or not absolute. env looks up environment
// variables (os.Getenv in production). Open creates the folder.
func DefaultDataPath(env func(string) string) string {
	if dir := env("XDG_STATE_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "promoctl", "sandbox.db")
	}
	home := env("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".local", "state", "promoctl", "sandbox.db")
}
