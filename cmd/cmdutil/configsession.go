package cmdutil

import (
	"context"
	"fmt"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// ConfigSession is what a verb that changes the config file is given
// (config set, unset and use, auth logout), as session is what a verb that
// talks to the API is given: the streams, the environment, the file, where
// API keys are kept, and the active profile. Factory.StartConfig fills one
// in, for a run and for a verb's test alike (cmdtest.NewConfigEnv).
type ConfigSession struct {
	IO       *iostreams.IOStreams
	Warnings *warnings.Writer
	Env      config.Env
	File     configEditor
	Keys     *APIKeys
	Secret   func(token string) // learns a token the run read, which errors never show
	// Profile is the active profile of the file doc: --profile, else
	// PROMOCTL_PROFILE, else its current_profile, else "default"; and
	// where that choice came from.
	Profile func(doc *config.Doc) (string, config.Source)
	// LockWait bounds the wait for the file's lock: --timeout, else
	// PROMOCTL_TIMEOUT, else the default.
	LockWait time.Duration
}

// configEditor changes the config file under its lock: it reads the file
// afresh, lets edit change it and writes it back, so that concurrent runs
// keep each other's changes. The wait for the lock ends with ctx.
type configEditor interface {
	Edit(ctx context.Context, edit func(doc *config.Doc) (save bool, err error)) (*config.Doc, error)
}

// configFile is the config file, found on first use (--config, else
// PROMOCTL_CONFIG, else the default path); what is wrong with it is
// warned of.
type configFile struct {
	path func() (string, error)
	warn func(i18n.Message)
}

func (c *configFile) Edit(ctx context.Context, edit func(doc *config.Doc) (bool, error)) (*config.Doc, error) {
	path, err := c.path()
	if err != nil {
		return nil, err
	}
	doc, warnings, err := config.Edit(ctx, path, edit)
	for _, w := range warnings {
		c.warn(w)
	}
	return doc, err
}

// lockWait is how long a command that resolves no settings waits for the
// config file's lock: --timeout (or PROMOCTL_TIMEOUT, else the default).
func lockWait(r *config.Resolver) time.Duration {
	if v, src := r.Given(config.KeyTimeout); src.Kind != config.Unset {
		if t, err := config.ParseTimeout(v); err == nil {
			return t
		}
	}
	return config.DefaultTimeout
}

// NoteMsg writes the success message m to stderr, in the run's language,
// when a person is watching.
func (s *ConfigSession) NoteMsg(m i18n.Message) {
	if s.IO.IsStderrTTY() {
		fmt.Fprintln(s.IO.ErrOut, s.Warnings.Msg.Say(m))
	}
}
