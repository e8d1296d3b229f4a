// Package promoform is the promo form's layout, out of the domain: its
// pages and the order of their fields (Layout), which fields the form of
// promo create and update lays out itself and which it asks for as text
// in its last group (More), the values it starts with
// (Default, Of, Values.With), how it checks an answer (Check), what its
// answers change (Values.Changes, Values.ChangesFrom) and the command
// line that makes the same changes (Flags). What a field is and how its
// text reads stays in internal/promo: the registry's rows and their
// parsers, which this package calls. internal/prompt draws the form;
// cmd/promocmd/wizard runs it.
package promoform

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// Values are the fields of the promo form as the user sees and types
// them. Dates are text in the form's time zone, "" when there is none;
// MaxUses is "" for unlimited.
type Values struct {
	Code        string
	BonusType   promo.BonusType
	Percent     bool
	Amount      string
	Enabled     bool
	Starts      string
	Ends        string
	MaxUses     string
	OncePerUser bool
	// More are the fields the form does not lay out itself (More()),
	// as text by API name: "" or absent when there is none.
	More map[string]string
}

// Group is one page of the promo form: the catalog id of its title (""
// for the form's own title, PromoForm.Title) and its fields in order, by
// API name; SiteField is the choice of site.
type Group struct {
	Title  string
	Fields []string
}

// SiteField names the form's choice of site in a Group: not a field of a
// promo code, but where the code is made (offered only when there is a
// choice).
const SiteField = "site"

// Layout is the promo form's pages and the order of their fields: the
// code and site, the discount, the limits, then More's fields on a page
// of their own. internal/prompt draws what it says; a field it names that
// the form does not draw itself is asked as text (as More's are).
func Layout() []Group {
	groups := ownGroups()
	var more []string
	for _, f := range More() {
		more = append(more, f.Name)
	}
	if len(more) > 0 {
		groups = append(groups, Group{Title: "form.promo.group.more", Fields: more})
	}
	return groups
}

// ownGroups are the pages of the fields the form lays out itself: the
// fields of Values other than More, each drawn by internal/prompt.
func ownGroups() []Group {
	return []Group{
		{Fields: []string{"code", SiteField}},
		{Title: "form.promo.group.discount", Fields: []string{"bonus_type", "bonus_amount_is_in_percentages", "bonus_amount", "is_enabled"}},
		{Title: "form.promo.group.limits", Fields: []string{"d_on", "d_off", "quantity_limit", "personal_limit_is_enabled"}},
	}
}

// own reports whether the promo form lays out the field itself
// (ownGroups), directly or through the field that sets it (FormVia); the
// registry's other writable fields with a Label are More's.
func own(name string) bool {
	for _, g := range ownGroups() {
		if slices.Contains(g.Fields, name) {
			return true
		}
	}
	if f, ok := promo.Lookup(name); ok && f.FormVia != "" {
		return own(f.FormVia)
	}
	return false
}

// More are the writable fields of promo.Registry with a form label that
// the form does not lay out itself: it asks for each as text, read by the
// field's parser (FieldSpec.Parse), after its own fields. A new field is in
// the form so, with no code of the form's.
func More() []promo.FieldSpec {
	var out []promo.FieldSpec
	for _, f := range promo.Registry() {
		if f.Writable && f.Label != "" && !own(f.Name) {
			out = append(out, f)
		}
	}
	return out
}

// Text is v, the value of the field r as the API writes it
// (FieldSpec.Value), as the form shows it and FieldSpec.Parse reads it
// back; "" for none.
func Text(r promo.FieldSpec, v any, loc *time.Location) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		if r.Kind == spec.KindDate {
			return apiDate(&x, loc)
		}
		return x
	case float64:
		return formatAmount(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return promo.BonusType(x).String()
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// changeText is the change c names of the field, as the form shows it.
func changeText(r promo.FieldSpec, c promo.Changes, loc *time.Location) string {
	return Text(r, r.Value(c.Apply(promo.Record{})), loc)
}

// Default are what a new promo code's form starts with: a 10%
// discount on goods, enabled, with no limits. Enter through the form
// creates exactly that.
func Default() Values {
	return Values{BonusType: promo.Goods, Percent: true, Amount: "10", Enabled: true}
}

// IsNone reports whether s is one of the words that clear an optional
// field in accessible mode, where an empty line keeps what the field holds.
func IsNone(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "-", "no", "unlimited":
		return true
	}
	return false
}

// Optional is an optional field's answer: trimmed, "" for none.
func Optional(s string) string {
	if IsNone(s) {
		return ""
	}
	return strings.TrimSpace(s)
}

// names name the fields in the form's error messages.
func names() promo.Names {
	return promo.Names{
		Code: "code", Enabled: "enabled", BonusType: "bonus type", Amount: "amount", Percent: "percent",
		Starts: "valid from", Ends: "valid until", TimeLimit: "validity period", MaxUses: "maximum uses",
		QuantityLimit: "maximum uses", OncePerUser: "once per customer",
	}
}

// Check holds the form's validations, shared by the fields (which
// refuse a bad answer and ask again) and by Values.Changes (which checks the
// answers as a whole, since accessible mode lets a last answer through
// unchecked when the input ends). Loc is the zone dates are read in.
type Check struct{ Loc *time.Location }

// Code checks the code field.
func (c Check) Code(s string) error { return promo.ValidateCode(strings.TrimSpace(s)) }

// Amount reads the amount field, for a percentage or a sum of money.
func (c Check) Amount(s string, percent bool) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, i18n.NewError(0, "form.error.amount_empty")
	}
	v, err := promo.ParseAmount(s) // a decimal comma too, as people write it in Russia
	if err != nil {
		return 0, err
	}
	if err := (promo.Changes{Amount: &v, Percent: &percent}).Validate(names()); err != nil {
		return 0, unwrapField(err)
	}
	return v, nil
}

// Date reads an optional date field with parse: promo.ParseStart for the
// start, promo.ParseEnd for the end, so that a date alone in "valid until"
// includes that day, as --ends does.
func (c Check) Date(s string, parse func(string, *time.Location) (time.Time, error)) (*time.Time, error) {
	if s = Optional(s); s == "" {
		return nil, nil
	}
	t, err := parse(s, c.Loc)
	if fe := (*promo.DateFormError)(nil); errors.As(err, &fe) {
		return nil, i18n.NewError(0, "form.error.date", "Value", promo.Quoted(fe.Input), "Forms", dates())
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// dates are the forms of a date that the form names, in its hint and
// in its error: the one its values are shown in, and in a language that
// writes dates otherwise, that language's too.
func dates() i18n.Message { return i18n.M("form.dates") }

// Window reads the validity period: both dates, the end not before the
// start.
func (c Check) Window(starts, ends string) (*time.Time, *time.Time, error) {
	on, err := c.Date(starts, promo.ParseStart)
	if err != nil {
		return nil, nil, i18n.NewError(0, "form.error.starts", "Err", err)
	}
	off, err := c.Date(ends, promo.ParseEnd)
	if err != nil {
		return nil, nil, err
	}
	if on != nil && off != nil && off.Before(*on) {
		return nil, nil, i18n.NewError(0, "form.error.end_before_start", "End", i18n.DateTime{Time: *off, Loc: c.Loc}, "Start", i18n.DateTime{Time: *on, Loc: c.Loc})
	}
	return on, off, nil
}

// MaxUses reads the maximum number of uses; nil for no limit.
func (c Check) MaxUses(s string) (*int64, error) {
	if s = Optional(s); s == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, i18n.NewError(0, "form.error.max_uses", "Value", promo.Quoted(s))
	}
	if n < 1 {
		return nil, i18n.NewError(0, "form.error.limit", "N", n)
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
func (v Values) Changes(loc *time.Location) (promo.Changes, error) {
	chk := Check{loc}
	var c promo.Changes
	if err := chk.Code(v.Code); err != nil {
		return c, &promo.FieldError{Field: "code", Err: err}
	}
	code := strings.TrimSpace(v.Code)
	amount, err := chk.Amount(v.Amount, v.Percent)
	if err != nil {
		return c, &promo.FieldError{Field: "amount", Err: err}
	}
	on, off, err := chk.Window(v.Starts, v.Ends)
	if err != nil {
		return c, &promo.FieldError{Field: "valid until", Err: err}
	}
	uses, err := chk.MaxUses(v.MaxUses)
	if err != nil {
		return c, &promo.FieldError{Field: "maximum uses", Err: err}
	}
	bt, percent, enabled, once := v.BonusType, v.Percent, v.Enabled, v.OncePerUser
	c = promo.Changes{
		Code: &code, BonusType: &bt, Amount: &amount, Percent: &percent, Enabled: &enabled,
		Starts: on, Ends: off, MaxUses: uses, OncePerUser: &once,
	}
	for _, f := range More() {
		if text := strings.TrimSpace(v.More[f.Name]); text != "" {
			if err := f.Set(&c, text, loc); err != nil {
				return c, &promo.FieldError{Field: f.Name, Err: err}
			}
		}
	}
	return c, c.Validate(names())
}

// ChangesFrom are the answers that differ from old, the values the form
// started with: an update sends the current record with only those
// changed. Emptying both dates removes the validity period; emptying one
// removes that date. Emptying the maximum number of uses removes the limit.
func (v Values) ChangesFrom(old Values, loc *time.Location) (promo.Changes, error) {
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
	newStarts, newEnds := Optional(v.Starts), Optional(v.Ends)
	oldStarts, oldEnds := Optional(old.Starts), Optional(old.Ends)
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
	for _, f := range More() {
		// An emptied field keeps its value: the API has no "none" for it.
		if text := strings.TrimSpace(v.More[f.Name]); text != "" && text != strings.TrimSpace(old.More[f.Name]) {
			if err := f.Set(&c, text, loc); err != nil {
				return promo.Changes{}, &promo.FieldError{Field: f.Name, Err: err}
			}
		}
	}
	if newUses, oldUses := Optional(v.MaxUses), Optional(old.MaxUses); newUses != oldUses {
		if newUses == "" {
			off := false
			c.QuantityLimit = &off
		} else {
			c.MaxUses = all.MaxUses
		}
	}
	return c, nil
}

// Of are the fields of a promo code record as the form shows them.
func Of(f promo.Record, loc *time.Location) Values {
	v := Values{
		Code: f.Code, BonusType: f.BonusType, Percent: f.BonusAmountIsInPercentages,
		Amount: formatAmount(f.BonusAmount), Enabled: f.IsEnabled, OncePerUser: f.PersonalLimitIsEnabled != nil && *f.PersonalLimitIsEnabled,
	}
	if f.TimeLimitIsEnabled {
		v.Starts, v.Ends = apiDate(f.DOn, loc), apiDate(f.DOff, loc)
	}
	if f.QuantityLimitIsEnabled {
		v.MaxUses = strconv.FormatInt(f.QuantityLimit, 10)
	}
	for _, m := range More() {
		v = v.withMore(m.Name, Text(m, m.Value(f), loc))
	}
	return v
}

// withMore is v with the text of a field of More(); the map is a copy,
// so that values taken before stay as they were.
func (v Values) withMore(name, text string) Values {
	more := make(map[string]string, len(v.More)+1)
	for k, t := range v.More {
		more[k] = t
	}
	more[name] = text
	v.More = more
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
func (v Values) With(c promo.Changes, loc *time.Location) Values {
	if c.Code != nil {
		v.Code = *c.Code
	}
	if c.BonusType != nil {
		v.BonusType = *c.BonusType
	}
	if c.Amount != nil {
		v.Amount = formatAmount(*c.Amount)
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
	for _, f := range More() {
		if f.Named(c) {
			v = v.withMore(f.Name, changeText(f, c, loc))
		}
	}
	return v
}

// formatAmount writes an amount as briefly as it can be read back: 10,
// 150.5.
func formatAmount(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Flags are the field flags that name the changes c, in the order of --help:
// the command line that makes the same changes without the form. A boolean
// that is named is always written, --enabled=false too, so the line means
// the same whatever the server's defaults; dates are RFC 3339 with the
// offset of loc, so it means the same in any time zone.
func Flags(c promo.Changes, loc *time.Location) []string {
	var a []string
	boolFlag := func(name string, v *bool) {
		switch {
		case v == nil:
		case *v:
			a = append(a, "--"+name)
		default:
			a = append(a, "--"+name+"=false")
		}
	}
	if c.Code != nil {
		a = append(a, "--code", *c.Code)
	}
	if c.BonusType != nil {
		a = append(a, "--bonus-type", c.BonusType.String())
	}
	if c.Amount != nil {
		a = append(a, "--amount", formatAmount(*c.Amount))
	}
	boolFlag("percent", c.Percent)
	boolFlag("enabled", c.Enabled)
	if c.Starts != nil {
		a = append(a, "--starts", c.Starts.In(loc).Format(time.RFC3339))
	}
	if c.Ends != nil {
		a = append(a, "--ends", c.Ends.In(loc).Format(time.RFC3339))
	}
	if c.TimeLimit != nil && !*c.TimeLimit {
		a = append(a, "--no-time-limit")
	}
	if c.MaxUses != nil {
		a = append(a, "--max-uses", strconv.FormatInt(*c.MaxUses, 10))
	}
	if c.QuantityLimit != nil && !*c.QuantityLimit {
		a = append(a, "--no-max-uses")
	}
	boolFlag("once-per-user", c.OncePerUser)
	for _, f := range More() {
		switch {
		case !f.Named(c):
		case f.Kind == spec.KindBool:
			boolFlag(f.FlagName(), ptr(f.Value(c.Apply(promo.Record{})) == true))
		case f.Kind == spec.KindDate:
			t, _ := promo.ParseAPITime(f.Value(c.Apply(promo.Record{})).(string))
			a = append(a, f.Flag, t.In(loc).Format(time.RFC3339))
		default:
			a = append(a, f.Flag, changeText(f, c, loc))
		}
	}
	return a
}

func ptr[T any](v T) *T { return &v }
