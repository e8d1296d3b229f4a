package rootcmd

import (
	"io"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/config"
)

// argFlags are the global flags a command line gives, read by pflag
// before (DecideLanguage) or beside (the flags after a bad one) cobra's
// parse. Every flag is read as text; a flag it does not know is skipped
// with its value, and nothing is written. Words after "--" are arguments.
type argFlags struct{ fs *pflag.FlagSet }

// parseArgFlags reads args for the flags of defs (nil: the settings'
// global flags, config.GlobalFlags). A flag of defs that takes no value
// (a bool) takes none here either. It stops at a flag it cannot read
// (one that lacks its value): what came before it is kept.
func parseArgFlags(args []string, defs *pflag.FlagSet) argFlags {
	fs := pflag.NewFlagSet("promoctl", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.ParseErrorsAllowlist.UnknownFlags = true
	if defs == nil {
		for _, s := range config.GlobalFlags() {
			fs.StringP(s.Flag, s.Short, "", "")
		}
	} else {
		defs.VisitAll(func(d *pflag.Flag) {
			fs.StringP(d.Name, d.Shorthand, "", "")
			fs.Lookup(d.Name).NoOptDefVal = d.NoOptDefVal
		})
	}
	_ = fs.Parse(args) // what was read before an error stands
	return argFlags{fs}
}

// Value is the last value of the flag --name that args give, or "".
func (a argFlags) Value(name string) string {
	fl := a.fs.Lookup(name)
	if fl == nil || !fl.Changed {
		return ""
	}
	return fl.Value.String()
}
