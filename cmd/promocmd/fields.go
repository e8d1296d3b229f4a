package promocmd

import (
	"context"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/promo"
)

// fieldFlags are the field flags of create and update.
type fieldFlags struct {
	code, bonusType, amount, starts, ends, maxUses string
	enabled, percent, noTimeLimit, noMaxUses, once bool
	file                                           string
	dryRun, interactive                            bool
}

func (ff *fieldFlags) register(fs *pflag.FlagSet, update bool) {
	fs.StringVar(&ff.code, "code", "", "the code: 2-15 Latin letters or digits")
	ff.registerFields(fs)
	fs.StringVarP(&ff.file, "file", "f", "", "read fields from a file holding one JSON or YAML object of API field names, at most 1 MiB (- for stdin); flags win")
	fs.BoolVar(&ff.dryRun, "dry-run", false, "print the request that would be sent (on a terminal, summed up first) and send nothing")
	fs.BoolVarP(&ff.interactive, "interactive", "i", false, "fill in the fields in a form (needs a terminal)")
	if update {
		fs.BoolVar(&ff.noTimeLimit, "no-time-limit", false, "remove the validity period")
		fs.BoolVar(&ff.noMaxUses, "no-max-uses", false, "remove the limit on the number of uses")
	}
}

// registerFields registers the flags of a promo code's fields other than
// its code: those promo create and promo generate share.
func (ff *fieldFlags) registerFields(fs *pflag.FlagSet) {
	fs.BoolVar(&ff.enabled, "enabled", false, "whether the code can be used (--enabled=false to disable)")
	fs.StringVar(&ff.bonusType, "bonus-type", "", "what is discounted: goods or delivery (also 2, 3)")
	fs.StringVar(&ff.amount, "amount", "", "discount: an amount of money, or a percentage with --percent; at most 2 decimals")
	fs.BoolVar(&ff.percent, "percent", false, "the amount is a percentage (--percent=false for money)")
	fs.StringVar(&ff.starts, "starts", "", "start of validity: 2026-12-01 (from 00:00), 2026-12-01T10:00 or RFC 3339")
	fs.StringVar(&ff.ends, "ends", "", "end of validity, in the same forms as --starts; a date alone includes that day (to 23:59:59)")
	fs.StringVar(&ff.maxUses, "max-uses", "", "limit the total number of uses")
	fs.BoolVar(&ff.once, "once-per-user", false, "each customer may use the code once")
}

// changes turns the flags the user gave into changes, validating each.
func (ff *fieldFlags) changes(fs *pflag.FlagSet, loc *time.Location) (promo.Changes, error) {
	var c promo.Changes
	set := fs.Changed
	if set("code") {
		c.Code = &ff.code
	}
	if set("enabled") {
		c.Enabled = &ff.enabled
	}
	if set("bonus-type") {
		b, err := promo.ParseBonusType(ff.bonusType)
		if err != nil {
			return c, core.Usagef("--bonus-type: %v", err)
		}
		c.BonusType = &b
	}
	if set("amount") {
		v, err := promo.ParseAmount(ff.amount)
		if err != nil {
			return c, core.Usagef("--amount: %v", err)
		}
		c.Amount = &v
	}
	if set("percent") {
		c.Percent = &ff.percent
	}
	for _, d := range []struct {
		name  string
		val   string
		parse func(string, *time.Location) (time.Time, error)
		dst   **time.Time
	}{{"starts", ff.starts, promo.ParseStart, &c.Starts}, {"ends", ff.ends, promo.ParseEnd, &c.Ends}} {
		if !set(d.name) {
			continue
		}
		t, err := d.parse(d.val, loc)
		if err != nil {
			return c, core.Usagef("--%s: %v", d.name, err)
		}
		*d.dst = &t
	}
	if set("no-time-limit") && ff.noTimeLimit {
		if c.Starts != nil || c.Ends != nil {
			return c, core.Usagef("--no-time-limit cannot be combined with --starts or --ends")
		}
		off := false
		c.TimeLimit = &off
	}
	if set("max-uses") {
		n, err := strconv.ParseInt(strings.TrimSpace(ff.maxUses), 10, 64)
		if err != nil {
			return c, core.Usagef("--max-uses: %q is not a whole number", ff.maxUses)
		}
		c.MaxUses = &n
	}
	if set("no-max-uses") && ff.noMaxUses {
		if c.MaxUses != nil {
			return c, core.Usagef("--no-max-uses cannot be combined with --max-uses")
		}
		off := false
		c.QuantityLimit = &off
	}
	if set("once-per-user") {
		c.OncePerUser = &ff.once
	}
	if err := c.Validate(promo.FlagNames()); err != nil {
		return c, core.UsageErr(err)
	}
	return c, nil
}

// fileInput is stdin for -f -.
func fileInput(ctx context.Context, ios *iostreams.IOStreams) io.Reader {
	return core.StdinReader(ctx, ios, "Paste a JSON or YAML promo code object, then press Ctrl-D", false)
}

// input reads the -f file, if any, and lays the flags over it.
func (ff *fieldFlags) input(fs *pflag.FlagSet, stdin io.Reader, loc *time.Location) (promo.Changes, *int64, error) {
	flags, err := ff.changes(fs, loc)
	if err != nil {
		return flags, nil, err
	}
	if ff.file == "" {
		return flags, nil, nil
	}
	data, err := core.ReadFileArg(ff.file, stdin, promo.MaxFileSize, ": a promo code file holds one object")
	if err != nil {
		return flags, nil, err
	}
	pf, err := promo.ParseFile(data, loc)
	if err != nil {
		return flags, nil, core.Usagef("--file %s: %v", ff.file, err)
	}
	if err := pf.Changes.Validate(promo.FileNames()); err != nil {
		return flags, nil, core.Usagef("--file %s: %v", ff.file, err)
	}
	merged := pf.Changes.Overlay(flags)
	if err := merged.Validate(promo.FlagNames()); err != nil {
		return flags, nil, core.UsageErr(err)
	}
	return merged, pf.SiteID, nil
}
