package promo

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// The promo form (internal/prompt) shows a promo code's fields as text, the
// way the user types them. This file converts between those values and the
// domain: the changes a create or update sends, and the values a record
// shows. The form only asks; what the answers mean is decided here.

// FormValues are the fields of the promo form as the user sees and types
// them. Dates are text in the form's time zone, "" when there is none;
// MaxUses is "" for unlimited.
type FormValues struct {
	Code        string
	BonusType   BonusType
	Percent     bool
	Amount      string
	Enabled     bool
	Starts      string
	Ends        string
	MaxUses     string
	OncePerUser bool
	// More are the fields the form does not lay out itself (MoreFields),
	// as text by API name: "" or absent when there is none.
	More map[string]string
}

// formOwn reports whether the promo form lays out the field itself (the
// fields above, internal/prompt); the registry's other writable fields
// with a Label are MoreFields.
func formOwn(name string) bool {
	switch name {
	case "code", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages", "time_limit_is_enabled",
		"d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "personal_limit_is_enabled":
		return true
	}
	return false
}

// MoreFields are the writable fields of Registry with a form label that
// the form does not lay out itself: it asks for each as text, read by the
// field's parser (Field.Parse), after its own fields. A new field is in
// the form so, with no code of the form's.
func MoreFields() []FieldSpec {
	var out []FieldSpec
	for _, f := range registry() {
		if f.Writable && f.Label != "" && !formOwn(f.Name) {
			out = append(out, f)
		}
	}
	return out
}

// FormText is v, the field's value as the API writes it (Field.Value),
// as the form shows it and Parse reads it back; "" for none.
func (r FieldSpec) FormText(v any, loc *time.Location) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		if r.Kind == spec.KindDate {
			return apiDate(&x, loc)
		}
		return x
	case float64:
		return FormatAmount(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return BonusType(x).String()
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// changeText is the change c names of the field, as the form shows it.
func (r FieldSpec) changeText(c Changes, loc *time.Location) string {
	return r.FormText(r.Value(c.Apply(Record{})), loc)
}

// DefaultFormValues are what a new promo code's form starts with: a 10%
// discount on goods, enabled, with no limits. Enter through the form
// creates exactly that.
func DefaultFormValues() FormValues {
	return FormValues{BonusType: Goods, Percent: true, Amount: "10", Enabled: true}
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

// formNames name the fields in the form's error messages.
func formNames() Names {
	return Names{
		Code: "code", Enabled: "enabled", BonusType: "bonus type", Amount: "amount", Percent: "percent",
		Starts: "valid from", Ends: "valid until", TimeLimit: "validity period", MaxUses: "maximum uses",
		QuantityLimit: "maximum uses", OncePerUser: "once per customer",
	}
}

// FormCheck holds the form's validations, shared by the fields (which
// refuse a bad answer and ask again) and by Changes (which checks the
// answers as a whole, since accessible mode lets a last answer through
// unchecked when the input ends). Loc is the zone dates are read in.
type FormCheck struct{ Loc *time.Location }

// Code checks the code field.
func (c FormCheck) Code(s string) error { return ValidateCode(strings.TrimSpace(s)) }

// Amount reads the amount field, for a percentage or a sum of money.
func (c FormCheck) Amount(s string, percent bool) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, i18n.NewError(0, "form.error.amount_empty")
	}
	v, err := ParseAmount(s) // a decimal comma too, as people write it in Russia
	if err != nil {
		return 0, err
	}
	if err := (Changes{Amount: &v, Percent: &percent}).Validate(formNames()); err != nil {
		return 0, unwrapField(err)
	}
	return v, nil
}

// Date reads an optional date field with parse: ParseStart for the
// start, ParseEnd for the end, so that a date alone in "valid until"
// includes that day, as --ends does.
func (c FormCheck) Date(s string, parse func(string, *time.Location) (time.Time, error)) (*time.Time, error) {
	if s = Optional(s); s == "" {
		return nil, nil
	}
	t, err := parse(s, c.Loc)
	if fe := (*DateFormError)(nil); errors.As(err, &fe) {
		return nil, i18n.NewError(0, "form.error.date", "Value", Quoted(fe.Input), "Forms", formDates())
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// formDates are the forms of a date that the form names, in its hint and
// in its error: the one its values are shown in, and in a language that
// writes dates otherwise, that language's too.
func formDates() i18n.Message { return i18n.M("form.dates") }

// Window reads the validity period: both dates, the end not before the
// start.
func (c FormCheck) Window(starts, ends string) (*time.Time, *time.Time, error) {
	on, err := c.Date(starts, ParseStart)
	if err != nil {
		return nil, nil, i18n.NewError(0, "form.error.starts", "Err", err)
	}
	off, err := c.Date(ends, ParseEnd)
	if err != nil {
		return nil, nil, err
	}
	if on != nil && off != nil && off.Before(*on) {
		return nil, nil, i18n.NewError(0, "form.error.end_before_start", "End", i18n.DateTime{Time: *off, Loc: c.Loc}, "Start", i18n.DateTime{Time: *on, Loc: c.Loc})
	}
	return on, off, nil
}

// MaxUses reads the maximum number of uses; nil for no limit.
func (c FormCheck) MaxUses(s string) (*int64, error) {
	if s = Optional(s); s == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, i18n.NewError(0, "form.error.max_uses", "Value", Quoted(s))
	}
	if n < 1 {
		return nil, i18n.NewError(0, "form.error.limit", "N", n)
	}
	return &n, nil
}

func unwrapField(err error) error {
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.Err
	}
	return err
}

// Changes are the answers as a create request sends them: every field is
// named, so the promo code is created exactly as the summary shows it. A
// date or a maximum number of uses is named only when one was given.
func (v FormValues) Changes(loc *time.Location) (Changes, error) {
	chk := FormCheck{loc}
	var c Changes
	if err := chk.Code(v.Code); err != nil {
		return c, &FieldError{Field: "code", Err: err}
	}
	code := strings.TrimSpace(v.Code)
	amount, err := chk.Amount(v.Amount, v.Percent)
	if err != nil {
		return c, &FieldError{Field: "amount", Err: err}
	}
	on, off, err := chk.Window(v.Starts, v.Ends)
	if err != nil {
		return c, &FieldError{Field: "valid until", Err: err}
	}
	uses, err := chk.MaxUses(v.MaxUses)
	if err != nil {
		return c, &FieldError{Field: "maximum uses", Err: err}
	}
	bt, percent, enabled, once := v.BonusType, v.Percent, v.Enabled, v.OncePerUser
	c = Changes{
		Code: &code, BonusType: &bt, Amount: &amount, Percent: &percent, Enabled: &enabled,
		Starts: on, Ends: off, MaxUses: uses, OncePerUser: &once,
	}
	for _, f := range MoreFields() {
		if text := strings.TrimSpace(v.More[f.Name]); text != "" {
			if err := f.Set(&c, text, loc); err != nil {
				return c, &FieldError{Field: f.Name, Err: err}
			}
		}
	}
	return c, c.Validate(formNames())
}

// ChangesFrom are the answers that differ from old, the values the form
// started with: an update sends the current record with only those
// changed. Emptying both dates removes the validity period; emptying one
// removes that date. Emptying the maximum number of uses removes the limit.
func (v FormValues) ChangesFrom(old FormValues, loc *time.Location) (Changes, error) {
	all, err := v.Changes(loc)
	if err != nil {
		return Changes{}, err
	}
	var c Changes
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
	for _, f := range MoreFields() {
		// An emptied field keeps its value: the API has no "none" for it.
		if text := strings.TrimSpace(v.More[f.Name]); text != "" && text != strings.TrimSpace(old.More[f.Name]) {
			if err := f.Set(&c, text, loc); err != nil {
				return Changes{}, &FieldError{Field: f.Name, Err: err}
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

// FormValuesOf are the fields of a promo code record as the form shows them.
func FormValuesOf(f Record, loc *time.Location) FormValues {
	v := FormValues{
		Code: f.Code, BonusType: f.BonusType, Percent: f.BonusAmountIsInPercentages,
		Amount: FormatAmount(f.BonusAmount), Enabled: f.IsEnabled, OncePerUser: f.PersonalLimitIsEnabled != nil && *f.PersonalLimitIsEnabled,
	}
	if f.TimeLimitIsEnabled {
		v.Starts, v.Ends = apiDate(f.DOn, loc), apiDate(f.DOff, loc)
	}
	if f.QuantityLimitIsEnabled {
		v.MaxUses = strconv.FormatInt(f.QuantityLimit, 10)
	}
	for _, m := range MoreFields() {
		v = v.withMore(m.Name, m.FormText(m.Value(f), loc))
	}
	return v
}

// withMore is v with the text of a field of MoreFields; the map is a copy,
// so that values taken before stay as they were.
func (v FormValues) withMore(name, text string) FormValues {
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
	t, err := ParseAPITime(*s)
	if err != nil {
		return *s // shown as sent; ParseStart reads RFC 3339 back
	}
	return FormatLocal(t, loc)
}

// With returns v with the changes named by flags filled in.
func (v FormValues) With(c Changes, loc *time.Location) FormValues {
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
		v.Starts = FormatLocal(*c.Starts, loc)
	}
	if c.Ends != nil {
		v.Ends = FormatLocal(*c.Ends, loc)
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
	for _, f := range MoreFields() {
		if f.Named(c) {
			v = v.withMore(f.Name, f.changeText(c, loc))
		}
	}
	return v
}

// FormatAmount writes an amount as briefly as it can be read back: 10,
// 150.5.
func FormatAmount(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Flags are the field flags that name the changes, in the order of --help:
// the command line that makes the same changes without the form. A boolean
// that is named is always written, --enabled=false too, so the line means
// the same whatever the server's defaults; dates are RFC 3339 with the
// offset of loc, so it means the same in any time zone.
func (c Changes) Flags(loc *time.Location) []string {
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
		a = append(a, "--amount", FormatAmount(*c.Amount))
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
	for _, f := range MoreFields() {
		switch {
		case !f.Named(c):
		case f.Kind == spec.KindBool:
			boolFlag(f.FlagName(), ptr(f.Value(c.Apply(Record{})) == true))
		case f.Kind == spec.KindDate:
			t, _ := ParseAPITime(f.Value(c.Apply(Record{})).(string))
			a = append(a, f.Flag, t.In(loc).Format(time.RFC3339))
		default:
			a = append(a, f.Flag, f.changeText(c, loc))
		}
	}
	return a
}

func ptr[T any](v T) *T { return &v }
