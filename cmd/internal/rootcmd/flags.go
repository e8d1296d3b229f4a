package rootcmd

import (
	"errors"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
)

// flagError explains a flag that could not be parsed. A negative number
// such as -1 reads as a flag; say how to give it as a value.
func flagError(cmd *cobra.Command, err error) error {
	if ne := (*pflag.NotExistError)(nil); errors.As(err, &ne) && ne.GetSpecifiedShortnames() != "" {
		word := "-" + ne.GetSpecifiedShortnames()
		if _, numErr := strconv.ParseFloat(word, 64); numErr == nil {
			return i18n.NewError(cmdutil.ExitUsage, "base.args.read_as_flag", "Arg", word, "Command", cmdutil.CommandName(cmd))
		}
	}
	if m, ok := flagMessage(err); ok {
		return flagParseError{i18n.NewError(cmdutil.ExitUsage, m.ID, m.Args...)}
	}
	return flagParseError{cmdutil.UsageErr(err)}
}

// flagMessage is pflag's error as a catalog message, by its type and
// fields: an unknown flag, a flag without its value, a value the flag
// refuses (what is wrong with it said in turn), bad syntax.
func flagMessage(err error) (i18n.Message, bool) {
	var (
		ne *pflag.NotExistError
		vr *pflag.ValueRequiredError
		iv *pflag.InvalidValueError
		is *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &iv):
		name := "--" + iv.GetFlag().Name
		if f := iv.GetFlag(); f.Shorthand != "" && f.ShorthandDeprecated == "" {
			name = "-" + f.Shorthand + ", " + name
		}
		var why any = iv.Unwrap()
		if iv.GetFlag().Value.Type() == "duration" {
			// Go's words in English, a hint in another language.
			why = i18n.M("base.value.duration", "Value", iv.GetValue())
		}
		return i18n.M("base.flag.invalid", "Value", iv.GetValue(), "Flag", name, "Err", why), true
	case errors.As(err, &ne) && ne.GetSpecifiedShortnames() != "":
		return i18n.M("base.flag.unknown_shorthand", "Char", ne.GetSpecifiedName()[:1], "Group", ne.GetSpecifiedShortnames()), true
	case errors.As(err, &ne):
		return i18n.M("base.flag.unknown", "Name", ne.GetSpecifiedName()), true
	case errors.As(err, &vr) && vr.GetSpecifiedShortnames() != "":
		return i18n.M("base.flag.needs_value_shorthand", "Char", vr.GetSpecifiedName()[:1], "Group", vr.GetSpecifiedShortnames()), true
	case errors.As(err, &vr):
		return i18n.M("base.flag.needs_value", "Name", vr.GetSpecifiedName()), true
	case errors.As(err, &is):
		return i18n.M("base.flag.syntax", "Flag", is.GetSpecifiedFlag()), true
	}
	return i18n.Message{}, false
}

// flagParseError is an error of cobra's flag parsing, which stops at the
// bad flag.
type flagParseError struct{ error }

func (e flagParseError) Unwrap() error { return e.error }
