package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/huh"

	"github.com/promoctl/promoctl/internal/promo"
)

// Site is a site the promo form offers to choose.
type Site struct {
	ID   int64
	Name string // "" when the server gave none
}

// Label is the site as the form lists it: "Demo shop (1)", or "Site 1".
func (s Site) Label() string {
	if s.Name == "" {
		return fmt.Sprintf("Site %d", s.ID)
	}
	return fmt.Sprintf("%s (%d)", s.Name, s.ID)
}

// PromoValues are the fields of the promo form as the user sees and types
// them. Dates are text in the form's time zone, "" when there is none;
// MaxUses is "" for unlimited.
type PromoValues struct {
	Code        string
	BonusType   promo.BonusType
	Percent     bool
	Amount      string
	Enabled     bool
	Starts      string
	Ends        string
	MaxUses     string
	OncePerUser bool
}

// PromoForm describes the promo form: what its fields start with and
// whether it offers a choice of site.
type PromoForm struct {
	Title  string      // a line above the fields: "New promo code"
	Values PromoValues // what the fields start with; Enter keeps each
	// Sites, when not empty, adds a choice of site after the code.
	Sites []Site
	Site  int64          // the site chosen at first; 0 means the first
	Loc   *time.Location // the zone dates are shown and read in
	// Existing says the form changes a promo code that exists, rather
	// than one about to be created: the hints are worded for that.
	Existing bool
	// Taken, when set, says whether code is already a promo code of site
	// (the site chosen in the form, else Site): the code field refuses
	// such a code as it is typed, rather than the server at the end.
	Taken func(site int64, code string) bool
}

// PromoAnswers are the checked answers of the promo form.
type PromoAnswers struct {
	Site   int64 // the chosen site; 0 when the form offered none
	Values PromoValues
}

// DefaultPromoValues are what a new promo code's form starts with: a 10%
// discount on goods, enabled, with no limits. Enter through the form
// creates exactly that.
func DefaultPromoValues() PromoValues {
	return PromoValues{BonusType: promo.Goods, Percent: true, Amount: "10", Enabled: true}
}

// noneWords clear an optional field in accessible mode, where an empty
// line keeps what the field holds.
func isNone(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "-", "no", "unlimited":
		return true
	}
	return false
}

// optional is an optional field's answer: trimmed, "" for none.
func optional(s string) string {
	if isNone(s) {
		return ""
	}
	return strings.TrimSpace(s)
}

// formNames name the fields in the form's error messages.
func formNames() promo.Names {
	return promo.Names{
		Code: "code", Enabled: "enabled", BonusType: "bonus type", Amount: "amount", Percent: "percent",
		Starts: "valid from", Ends: "valid until", TimeLimit: "validity period", MaxUses: "maximum uses",
		QuantityLimit: "maximum uses", OncePerUser: "once per customer",
	}
}

// checks are the form's validations, shared by the fields (which refuse a
// bad answer and ask again) and by Changes (which checks the answers as a
// whole, since accessible mode lets a last answer through unchecked when
// the input ends).
type checks struct{ loc *time.Location }

func (c checks) code(s string) error { return promo.ValidateCode(strings.TrimSpace(s)) }

func (c checks) amount(s string, percent bool) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("enter the amount of the discount")
	}
	// A decimal comma is read as a point, as people write it in Russia.
	v, err := promo.ParseAmount(strings.ReplaceAll(s, ",", "."))
	if err != nil {
		return 0, err
	}
	if err := (promo.Changes{Amount: &v, Percent: &percent}).Validate(formNames()); err != nil {
		return 0, unwrapField(err)
	}
	return v, nil
}

// date reads an optional date field with parse: promo.ParseStart for the
// start, promo.ParseEnd for the end, so that a date alone in "valid until"
// includes that day, as --ends does.
func (c checks) date(s string, parse func(string, *time.Location) (time.Time, error)) (*time.Time, error) {
	if s = optional(s); s == "" {
		return nil, nil
	}
	t, err := parse(s, c.loc)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (c checks) window(starts, ends string) (*time.Time, *time.Time, error) {
	on, err := c.date(starts, promo.ParseStart)
	if err != nil {
		return nil, nil, fmt.Errorf("valid from: %w", err)
	}
	off, err := c.date(ends, promo.ParseEnd)
	if err != nil {
		return nil, nil, err
	}
	if on != nil && off != nil && off.Before(*on) {
		return nil, nil, fmt.Errorf("the end %s is before the start %s", promo.FormatLocal(*off, c.loc), promo.FormatLocal(*on, c.loc))
	}
	return on, off, nil
}

func (c checks) maxUses(s string) (*int64, error) {
	if s = optional(s); s == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%q is not a whole number: enter a number of uses, or leave it empty for no limit", s)
	}
	if n < 1 {
		return nil, fmt.Errorf("the limit must be at least 1, got %d; leave it empty for no limit", n)
	}
	return &n, nil
}

func unwrapField(err error) error {
	var fe *promo.FieldError
	if errors.As(err, &fe) {
		return fe.Err
	}
	return err
}

// Changes are the answers as a create request sends them: every field is
// named, so the promo code is created exactly as the summary shows it. A
// date or a maximum number of uses is named only when one was given.
func (v PromoValues) Changes(loc *time.Location) (promo.Changes, error) {
	chk := checks{loc}
	var c promo.Changes
	if err := chk.code(v.Code); err != nil {
		return c, &promo.FieldError{Field: "code", Err: err}
	}
	code := strings.TrimSpace(v.Code)
	amount, err := chk.amount(v.Amount, v.Percent)
	if err != nil {
		return c, &promo.FieldError{Field: "amount", Err: err}
	}
	on, off, err := chk.window(v.Starts, v.Ends)
	if err != nil {
		return c, &promo.FieldError{Field: "valid until", Err: err}
	}
	uses, err := chk.maxUses(v.MaxUses)
	if err != nil {
		return c, &promo.FieldError{Field: "maximum uses", Err: err}
	}
	bt, percent, enabled, once := v.BonusType, v.Percent, v.Enabled, v.OncePerUser
	c = promo.Changes{
		Code: &code, BonusType: &bt, Amount: &amount, Percent: &percent, Enabled: &enabled,
		Starts: on, Ends: off, MaxUses: uses, OncePerUser: &once,
	}
	return c, c.Validate(formNames())
}

// ChangesFrom are the answers that differ from old, the values the form
// started with: an update sends the current record with only those
// changed. Emptying both dates removes the validity period; emptying one
// removes that date. Emptying the maximum number of uses removes the limit.
func (v PromoValues) ChangesFrom(old PromoValues, loc *time.Location) (promo.Changes, error) {
	all, err := v.Changes(loc)
	if err != nil {
		return promo.Changes{}, err
	}
	var c promo.Changes
	if strings.TrimSpace(v.Code) != strings.TrimSpace(old.Code) {
		c.Code = all.Code
	}
	if v.BonusType != old.BonusType {
		c.BonusType = all.BonusType
	}
	if oldAmount, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(old.Amount), ",", "."), 64); err != nil || oldAmount != *all.Amount {
		c.Amount = all.Amount
	}
	if v.Percent != old.Percent {
		c.Percent = all.Percent
		// The amount is checked against the new unit by the server too:
		// send it with the unit.
		c.Amount = all.Amount
	}
	if v.Enabled != old.Enabled {
		c.Enabled = all.Enabled
	}
	if v.OncePerUser != old.OncePerUser {
		c.OncePerUser = all.OncePerUser
	}
	newStarts, newEnds := optional(v.Starts), optional(v.Ends)
	oldStarts, oldEnds := optional(old.Starts), optional(old.Ends)
	switch {
	case newStarts == "" && newEnds == "":
		if oldStarts != "" || oldEnds != "" {
			off := false
			c.TimeLimit = &off
		}
	default:
		// A window that is turned on now keeps no date the form did not
		// show: a disabled period may hold stale dates.
		turnedOn := oldStarts == "" && oldEnds == ""
		if newStarts != oldStarts {
			c.Starts = all.Starts
		}
		if newEnds != oldEnds {
			c.Ends = all.Ends
		}
		c.ClearStarts = newStarts == "" && (oldStarts != "" || turnedOn)
		c.ClearEnds = newEnds == "" && (oldEnds != "" || turnedOn)
		if turnedOn {
			on := true
			c.TimeLimit = &on
		}
	}
	if newUses, oldUses := optional(v.MaxUses), optional(old.MaxUses); newUses != oldUses {
		if newUses == "" {
			off := false
			c.QuantityLimit = &off
		} else {
			c.MaxUses = all.MaxUses
		}
	}
	return c, nil
}

// ValuesOf are the fields of a promo code record as the form shows them.
func ValuesOf(f promo.Fields, loc *time.Location) PromoValues {
	v := PromoValues{
		Code: f.Code, BonusType: f.BonusType, Percent: f.BonusAmountIsInPercentages,
		Amount: FormatAmount(f.BonusAmount), Enabled: f.IsEnabled, OncePerUser: f.PersonalLimitIsEnabled,
	}
	if f.TimeLimitIsEnabled {
		v.Starts, v.Ends = apiDate(f.DOn, loc), apiDate(f.DOff, loc)
	}
	if f.QuantityLimitIsEnabled {
		v.MaxUses = strconv.FormatInt(f.QuantityLimit, 10)
	}
	return v
}

func apiDate(s *string, loc *time.Location) string {
	if s == nil || *s == "" {
		return ""
	}
	t, err := promo.ParseAPITime(*s)
	if err != nil {
		return *s // shown as sent; promo.ParseStart reads RFC 3339 back
	}
	return promo.FormatLocal(t, loc)
}

// With returns v with the changes named by flags filled in.
func (v PromoValues) With(c promo.Changes, loc *time.Location) PromoValues {
	if c.Code != nil {
		v.Code = *c.Code
	}
	if c.BonusType != nil {
		v.BonusType = *c.BonusType
	}
	if c.Amount != nil {
		v.Amount = FormatAmount(*c.Amount)
	}
	if c.Percent != nil {
		v.Percent = *c.Percent
	}
	if c.Enabled != nil {
		v.Enabled = *c.Enabled
	}
	if c.TimeLimit != nil && !*c.TimeLimit {
		v.Starts, v.Ends = "", ""
	}
	if c.Starts != nil {
		v.Starts = promo.FormatLocal(*c.Starts, loc)
	}
	if c.Ends != nil {
		v.Ends = promo.FormatLocal(*c.Ends, loc)
	}
	if c.QuantityLimit != nil && !*c.QuantityLimit {
		v.MaxUses = ""
	}
	if c.MaxUses != nil {
		v.MaxUses = strconv.FormatInt(*c.MaxUses, 10)
	}
	if c.OncePerUser != nil {
		v.OncePerUser = *c.OncePerUser
	}
	return v
}

// FormatAmount writes an amount as briefly as it can be read back: 10,
// 150.5.
func FormatAmount(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Promo asks for the fields of a promo code: the code first (checked as
// promo.ValidateCode checks the flag), the site when form.Sites offers a
// choice, what is discounted and by how much, whether it is enabled, the
// validity period, the maximum number of uses and whether a customer may
// use it more than once. Each field starts with form.Values and Enter keeps
// it; a field refuses an answer that would make the promo code invalid and
// asks again. Ctrl-C or Esc, or input that ends before the last answer,
// cancel with ErrCancelled.
func (h *Huh) Promo(ctx context.Context, form PromoForm) (PromoAnswers, error) {
	loc := form.Loc
	if loc == nil {
		loc = time.Local
	}
	chk := checks{loc}
	init := form.Values
	v := init
	site := form.Site
	if site == 0 && len(form.Sites) > 0 {
		site = form.Sites[0].ID
	}

	// Accessible mode shows neither a field's value nor its description:
	// the title says what Enter keeps, and how to empty an optional field.
	acc := h.Accessible
	title := func(t, def string) string {
		if acc && def != "" {
			return t + " [" + def + "]"
		}
		return t
	}
	optTitle := func(t, def, none string) string {
		if !acc {
			return t
		}
		if def == "" {
			return t + " [" + none + "]"
		}
		return t + " [" + def + "; type none for " + none + "]"
	}
	// orKept checks an answer where a blank one, in accessible mode, keeps
	// the field's value.
	orKept := func(def string, check func(string) error) func(string) error {
		return func(s string) error {
			if acc && strings.TrimSpace(s) == "" {
				s = def
			}
			return check(s)
		}
	}
	enabledHint := "Customers can use the code as soon as it is created."
	if form.Existing {
		enabledHint = "Customers can use the code while it is enabled."
	}
	zone := time.Now().In(loc).Format("MST, -07:00")
	dateHelp := "2026-12-01, 2026-12-01 10:00 or RFC 3339, in your time zone (" + zone + ")"

	code := huh.NewInput().Title(title("Code", init.Code)).
		Description("2 to 15 Latin letters or digits: what customers type at checkout.").
		Value(&v.Code).Validate(orKept(init.Code, func(s string) error {
		if err := chk.code(s); err != nil {
			return err
		}
		if s = strings.TrimSpace(s); form.Taken != nil && form.Taken(site, s) {
			return fmt.Errorf("%s is already a promo code of this site: choose another code", s)
		}
		return nil
	}))
	if len(init.Code) <= promo.MaxCodeLen {
		// Not for a longer code from the server: it would be cut silently.
		code.CharLimit(promo.MaxCodeLen)
	}
	first := []huh.Field{code}
	if len(form.Sites) > 0 {
		opts := make([]huh.Option[int64], len(form.Sites))
		def := ""
		for i, s := range form.Sites {
			opts[i] = huh.NewOption(s.Label(), s.ID)
			if s.ID == site {
				def = s.Label()
			}
		}
		sel := selectOf(huh.NewSelect[int64]().Title(title("Site", def)).
			Description("The site whose shop the code is for."), &site, opts)
		if len(opts) > 8 {
			sel.Height(10)
		}
		first = append(first, sel)
	}

	bonusOpts := []huh.Option[promo.BonusType]{
		huh.NewOption("Goods: the cost of the order's goods", promo.Goods),
		huh.NewOption("Delivery: the cost of delivery", promo.Delivery),
	}
	unitOpts := []huh.Option[bool]{
		huh.NewOption("A percentage (up to 100%)", true),
		huh.NewOption("A fixed amount of money", false),
	}
	unitName := map[bool]string{true: "percentage", false: "fixed amount"}
	discount := []huh.Field{
		selectOf(huh.NewSelect[promo.BonusType]().Title(title("Discount on", init.BonusType.String())), &v.BonusType, bonusOpts),
		selectOf(huh.NewSelect[bool]().Title(title("Discount as", unitName[init.Percent])), &v.Percent, unitOpts),
		huh.NewInput().Title(title("Amount", init.Amount)).
			DescriptionFunc(func() string {
				if v.Percent {
					return "Percent off, more than 0 and at most 100."
				}
				return "Money off, in the shop's currency."
			}, &v.Percent).
			Value(&v.Amount).Validate(orKept(init.Amount, func(s string) error {
			_, err := chk.amount(s, v.Percent)
			return err
		})),
		huh.NewConfirm().Title("Enabled").Description(enabledHint).
			Affirmative("Yes").Negative("No").Value(&v.Enabled),
	}

	limits := []huh.Field{
		huh.NewInput().Title(optTitle("Valid from", init.Starts, "no start")).
			Description("Optional: " + dateHelp + ". Leave empty for no start.").
			Value(&v.Starts).Validate(orKept(init.Starts, func(s string) error {
			_, err := chk.date(s, promo.ParseStart)
			return err
		})),
		huh.NewInput().Title(optTitle("Valid until", init.Ends, "no end")).
			Description("Optional, the same forms; a date alone means the end of that day. Leave empty for no end.").
			Value(&v.Ends).Validate(orKept(init.Ends, func(s string) error {
			_, _, err := chk.window(v.Starts, s)
			return err
		})),
		huh.NewInput().Title(optTitle("Maximum uses", init.MaxUses, "unlimited")).
			Description("Optional: how many times the code can be used in all. Leave empty for no limit.").
			Value(&v.MaxUses).Validate(orKept(init.MaxUses, func(s string) error {
			_, err := chk.maxUses(s)
			return err
		})),
		huh.NewConfirm().Title("Once per customer").Description("Each customer can use the code only once.").
			Affirmative("Yes").Negative("No").Value(&v.OncePerUser),
	}

	f := huh.NewForm(
		huh.NewGroup(first...).Title(form.Title),
		huh.NewGroup(discount...).Title("Discount"),
		huh.NewGroup(limits...).Title("Limits"),
	)
	if acc && form.Title != "" {
		fmt.Fprintln(h.Out, form.Title)
	}
	if err := h.runToEnd(ctx, f); err != nil {
		return PromoAnswers{}, err
	}
	v.Code = strings.TrimSpace(v.Code)
	v.Amount = strings.TrimSpace(v.Amount)
	v.Starts, v.Ends, v.MaxUses = optional(v.Starts), optional(v.Ends), optional(v.MaxUses)
	// Check the whole again: accessible mode lets an answer through
	// unchecked when the input ends.
	if _, err := v.Changes(loc); err != nil {
		return PromoAnswers{}, fmt.Errorf("%w: %v", ErrCancelled, err)
	}
	return PromoAnswers{Site: site, Values: v}, nil
}

// selectOf gives a Select its options and value, with the cursor on the
// option equal to *value and the list scrolled to its top, so that every
// option shows from the start. huh's Options both places the cursor and
// scrolls the list to put the cursor's option on its first line: on the
// second of two options that draws only that option and a blank line.
// Value places the cursor without scrolling, so the options are set while
// the value is the first option's, which scrolls nowhere, and the value
// after.
func selectOf[T comparable](sel *huh.Select[T], value *T, opts []huh.Option[T]) *huh.Select[T] {
	first := opts[0].Value
	return sel.Value(&first).Options(opts...).Value(value)
}

// Proceed asks a last yes/no question, such as "Create promo code X?";
// def is the answer Enter gives. Yes returns nil; No, Ctrl-C, Esc or input
// that ends without an answer return ErrCancelled, so a default of Yes is
// never taken from a closed input.
func (h *Huh) Proceed(ctx context.Context, title string, def bool) error {
	v := def
	field := huh.NewConfirm().Title(title).Affirmative("Yes").Negative("No").Value(&v)
	if err := h.runToEnd(ctx, huh.NewForm(huh.NewGroup(field))); err != nil {
		return err
	}
	if !v {
		return ErrCancelled
	}
	return nil
}

// runToEnd runs a form with run, and in accessible mode cancels when the
// input ends before the last answer (Ctrl-D, or a script that runs out of
// lines): huh would take every remaining field's value instead, and a
// wizard would go on to create what nobody confirmed.
func (h *Huh) runToEnd(ctx context.Context, f *huh.Form) error {
	if !h.Accessible {
		return h.run(ctx, f)
	}
	in := &endReader{r: h.In}
	hh := *h
	hh.In = in
	if err := hh.run(ctx, f); err != nil {
		return err
	}
	if in.cut {
		return ErrCancelled
	}
	return nil
}

// endReader notes whether the input ended where a new line was due. It
// hides the reader's Fd, so run reads it a byte at a time, which a
// terminal in line mode serves as well as a pipe.
type endReader struct {
	r       io.Reader
	pending int  // bytes read since the last newline
	cut     bool // the input ended with no line begun
	ended   bool
}

func (e *endReader) Read(p []byte) (int, error) {
	if e.ended {
		// A question after the end has no answer. And a terminal's end of
		// input (Ctrl-D) does not last: the next read would wait for more
		// typing. Make it last, so the questions left are passed over and
		// the form ends.
		e.cut = true
		return 0, io.EOF
	}
	n, err := e.r.Read(p)
	for _, b := range p[:n] {
		if b == '\n' {
			e.pending = 0
		} else {
			e.pending++
		}
	}
	if errors.Is(err, io.EOF) {
		// A last line without a newline is still an answer; an end with
		// nothing after the last newline is not.
		if e.pending == 0 {
			e.cut = true
		}
		e.pending, e.ended = 0, true
	}
	return n, err
}
