package shared

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/input"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// FieldFlags are the field flags of create and update: one per writable
// field of promo.Registry that has a Flag, with its Usage.
type FieldFlags struct {
	text                map[string]*string // by flag name: the values read with the field's parser
	bools               map[string]*bool   // by flag name: yes-or-no fields
	File                string
	DryRun, Interactive bool
}

func (ff *FieldFlags) Register(fs *pflag.FlagSet, update bool) {
	ff.RegisterFields(fs, func(f promo.FieldSpec) bool { return !f.Negated() || update })
	fs.StringVarP(&ff.File, "file", "f", "", "read fields from a file holding one JSON or YAML object of API field names, at most 1 MiB (- for stdin); flags win")
	fs.BoolVar(&ff.DryRun, "dry-run", false, "print the request that would be sent (on a terminal, summed up first) and send nothing")
	fs.BoolVarP(&ff.Interactive, "interactive", "i", false, "fill in the fields in a form (needs a terminal)")
}

// RegisterFields registers the flags of the fields that keep keeps:
// promo generate's are those of create without the code.
func (ff *FieldFlags) RegisterFields(fs *pflag.FlagSet, keep func(promo.FieldSpec) bool) {
	ff.text, ff.bools = map[string]*string{}, map[string]*bool{}
	for _, f := range promo.Registry() {
		if f.Flag == "" || !keep(f) {
			continue
		}
		name := f.FlagName()
		if f.Kind == spec.KindBool {
			ff.bools[name] = fs.Bool(name, false, f.Usage)
		} else {
			ff.text[name] = fs.String(name, "", f.Usage)
		}
	}
}

// changes turns the flags the user gave into changes, validating each,
// in the registry's order; a --no-… flag is checked once the last value
// that turns its switch on has been read, so that the first error is
// the same whatever the command line's order.
func (ff *FieldFlags) changes(fs *pflag.FlagSet, loc *time.Location) (promo.Changes, error) {
	var c promo.Changes
	reg := promo.Registry()
	for i, f := range reg {
		if err := ff.value(fs, f, &c, loc); err != nil {
			return c, err
		}
		for _, s := range reg {
			if s.Negated() && checkedAfter(reg, s) == i {
				if err := ff.off(fs, reg, s, &c); err != nil {
					return c, err
				}
			}
		}
	}
	if err := c.Validate(promo.FlagNames()); err != nil {
		return c, cmdutil.UsageErr(err)
	}
	return c, nil
}

// value reads the flag of the field f, if given, into c.
func (ff *FieldFlags) value(fs *pflag.FlagSet, f promo.FieldSpec, c *promo.Changes, loc *time.Location) error {
	name := f.FlagName()
	if f.Flag == "" || f.Negated() || !fs.Changed(name) {
		return nil
	}
	if b, ok := ff.bools[name]; ok {
		return f.SetValue(c, *b)
	}
	v, err := flagValue(f, *ff.text[name], loc)
	if err != nil {
		return i18n.NewError(cmdutil.ExitUsage, "promo.flag.invalid", "Flag", f.Flag, "Err", err)
	}
	return f.SetValue(c, v)
}

// off reads the --no-… flag of the switch s, if given: it turns s off,
// and is refused beside a value that would turn it on.
func (ff *FieldFlags) off(fs *pflag.FlagSet, reg []promo.FieldSpec, s promo.FieldSpec, c *promo.Changes) error {
	if !fs.Changed(s.FlagName()) || !*ff.bools[s.FlagName()] {
		return nil
	}
	if slices.ContainsFunc(reg, func(e promo.FieldSpec) bool { return e.Enables == s.Name && e.Named(*c) }) {
		return i18n.NewError(cmdutil.ExitUsage, "promo.flag.conflict", "Flag", s.Flag, "Names", orList(enablers(reg, s)))
	}
	return s.SetValue(c, false)
}

// checkedAfter is the place in reg after which the --no-… flag of s is
// checked: its last enabler's, else its own.
func checkedAfter(reg []promo.FieldSpec, s promo.FieldSpec) int {
	at := slices.IndexFunc(reg, func(f promo.FieldSpec) bool { return f.Name == s.Name })
	for i, f := range reg {
		if f.Enables == s.Name {
			at = i
		}
	}
	return at
}

// enablers are the flags of the values that turn the switch f on.
func enablers(reg []promo.FieldSpec, f promo.FieldSpec) []string {
	var out []string
	for _, e := range reg {
		if e.Enables == f.Name && e.Flag != "" {
			out = append(out, e.Flag)
		}
	}
	return out
}

// flagValue reads a field's flag: with the field's parser, a whole number
// with spaces around it too.
func flagValue(f promo.FieldSpec, text string, loc *time.Location) (any, error) {
	if f.Kind != spec.KindInt {
		return f.Parse(text, loc)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil {
		return nil, i18n.NewError(0, "promo.flag.whole_number", "Value", promo.Quoted(text))
	}
	return n, nil
}

// orList is names as a message: "--starts or --ends".
func orList(names []string) any {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	last := len(names) - 1
	return i18n.M("list.or", "Items", strings.Join(names[:last], ", "), "Last", names[last])
}

// FileInput is stdin for -f -, with its hint in m's language.
func FileInput(ctx context.Context, ios *iostreams.IOStreams, m *i18n.Printer) io.Reader {
	return input.StdinReader(ctx, ios, m.T("promo.file.paste"), false)
}

// Input reads the -f file, if any, and lays the flags over it.
func (ff *FieldFlags) Input(fs *pflag.FlagSet, stdin io.Reader, loc *time.Location) (promo.Changes, *int64, error) {
	flags, err := ff.changes(fs, loc)
	if err != nil {
		return flags, nil, err
	}
	if ff.File == "" {
		return flags, nil, nil
	}
	data, err := input.ReadFileArg(ff.File, stdin, promo.MaxFileSize, i18n.M("base.why.promo_file"))
	if err != nil {
		return flags, nil, err
	}
	// The file's errors are the domain's, said in the run's language as
	// the message's argument: the flag and its file go before them.
	pf, err := promo.ParseFile(data, loc)
	if err != nil {
		return flags, nil, i18n.NewError(cmdutil.ExitUsage, "base.file.read", "Path", termsafe.String(ff.File), "Err", err)
	}
	if err := pf.Changes.Validate(promo.FileNames()); err != nil {
		return flags, nil, i18n.NewError(cmdutil.ExitUsage, "base.file.read", "Path", termsafe.String(ff.File), "Err", err)
	}
	merged := pf.Changes.Overlay(flags)
	if err := merged.Validate(promo.FlagNames()); err != nil {
		return flags, nil, cmdutil.UsageErr(err)
	}
	return merged, pf.SiteID, nil
}
