package prompt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/charmbracelet/huh"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
)

// Site is a site the promo form offers to choose.
type Site struct {
	ID   int64
	Name string // "" when the server gave none
}

// Label is the site as the form lists it, in m's language: "Demo shop
// (1)", or "Site 1" when the server gave no name.
func (s Site) Label(m *i18n.Printer) string {
	if s.Name == "" {
		return m.T("form.promo.site.unnamed", "ID", s.ID)
	}
	return fmt.Sprintf("%s (%d)", s.Name, s.ID)
}

// PromoForm describes the promo form: what its fields start with and
// whether it offers a choice of site.
type PromoForm struct {
	Title  string           // a line above the fields: "New promo code"
	Values promoform.Values // what the fields start with; Enter keeps each
	// Sites, when not empty, adds a choice of site after the code.
	Sites []Site
	Site  int64          // the site chosen at first; 0 means the first
	Loc   *time.Location // the zone dates are shown and read in
	// Currency, when set, gives a site's currency, an ISO code ("RUB"; ""
	// when it is not known), for the title and hint of an amount of money
	// ("Сумма скидки, ₽"). It is asked only once money is chosen, so it
	// may read the site's record; it is asked from huh's goroutines, by
	// the title and the hint at once, so it must be safe for concurrent
	// use.
	Currency func(site int64) string
	// Existing says the form changes a promo code that exists, rather
	// than one about to be created: the hints are worded for that.
	Existing bool
	// Taken, when set, says whether code is already a promo code of site
	// (the site chosen in the form, else Site): the code field refuses
	// such a code as it is typed, rather than the server at the end.
	Taken func(site int64, code string) bool
	// Layout is the form's pages and their fields; nil means
	// promoform.Layout().
	Layout []promoform.Group
}

// PromoAnswers are the checked answers of the promo form.
type PromoAnswers struct {
	Site   int64 // the chosen site; 0 when the form offered none
	Values promoform.Values
}

// Promo asks for the fields of a promo code: the code first (checked as
// promo.ValidateCode checks the flag), the site when form.Sites offers a
// choice, what is discounted and by how much, whether it is enabled, the
// validity period, the maximum number of uses and whether a customer may
// use it more than once. Each field starts with form.Values and Enter keeps
// it; a field refuses an answer that would make the promo code invalid and
// asks again. Ctrl-C or Esc, or input that ends before the last answer,
// cancel with ErrCancelled.
func (h *Huh) Promo(ctx context.Context, form PromoForm) (PromoAnswers, error) {
	f, answers := h.promoForm(form)
	if h.Accessible && form.Title != "" {
		fmt.Fprintln(h.Out, form.Title)
	}
	if err := h.runToEnd(ctx, f); err != nil {
		return PromoAnswers{}, err
	}
	return answers()
}

// promoForm builds the promo form, and the function that reads its
// checked answers once it has run.
func (h *Huh) promoForm(form PromoForm) (*huh.Form, func() (PromoAnswers, error)) {
	loc := form.Loc
	if loc == nil {
		loc = time.Local
	}
	chk := promoform.Check{Loc: loc}
	m := h.msg()
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
		return t + " [" + m.T("form.keep_or_none", "Value", def, "None", none) + "]"
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
	enabledHint := m.T("form.promo.enabled.new")
	if form.Existing {
		enabledHint = m.T("form.promo.enabled.existing")
	}
	zone := time.Now().In(loc).Format("MST, -07:00")
	dateHelp := m.Say(i18n.M("form.date_help", "Forms", i18n.M("form.dates"), "Zone", zone))
	// label is the form's label of an API field (promo.Registry).
	label := func(name string) string {
		f, _ := promo.Lookup(name)
		return m.T(f.Label)
	}

	// field draws the form's own fields, by the name promoform.Layout
	// gives them.
	field := map[string]func() huh.Field{}
	field["code"] = func() huh.Field {
		code := huh.NewInput().Title(title(label("code"), init.Code)).
			Description(m.T("form.promo.code.help")).
			Value(&v.Code).Validate(h.said(orKept(init.Code, func(s string) error {
			if err := chk.Code(s); err != nil {
				return err
			}
			if s = strings.TrimSpace(s); form.Taken != nil && form.Taken(site, s) {
				return errors.New(m.T("form.promo.code.taken", "Code", s))
			}
			return nil
		})))
		if len(init.Code) <= promo.MaxCodeLen {
			// Not for a longer code from the server: it would be cut silently.
			code.CharLimit(promo.MaxCodeLen)
		}
		return code
	}
	field[promoform.SiteField] = func() huh.Field {
		if len(form.Sites) == 0 {
			return nil
		}
		opts := make([]huh.Option[int64], len(form.Sites))
		def := ""
		for i, s := range form.Sites {
			opts[i] = huh.NewOption(s.Label(m), s.ID)
			if s.ID == site {
				def = s.Label(m)
			}
		}
		sel := selectOf(huh.NewSelect[int64]().Title(title(m.T("form.promo.site"), def)).
			Description(m.T("form.promo.site.help")), &site, opts)
		if len(opts) > 8 {
			sel.Height(10)
		}
		return sel
	}
	field["bonus_type"] = func() huh.Field {
		opts := []huh.Option[promo.BonusType]{
			huh.NewOption(m.T("form.promo.bonus.goods"), promo.Goods),
			huh.NewOption(m.T("form.promo.bonus.delivery"), promo.Delivery),
		}
		name := map[promo.BonusType]string{promo.Goods: m.T("form.promo.bonus.goods.name"), promo.Delivery: m.T("form.promo.bonus.delivery.name")}
		def := name[init.BonusType]
		if def == "" {
			def = init.BonusType.String()
		}
		return selectOf(huh.NewSelect[promo.BonusType]().Title(title(label("bonus_type"), def)), &v.BonusType, opts)
	}
	field["bonus_amount_is_in_percentages"] = func() huh.Field {
		opts := []huh.Option[bool]{
			huh.NewOption(m.T("form.promo.unit.percent"), true),
			huh.NewOption(m.T("form.promo.unit.money"), false),
		}
		name := map[bool]string{true: m.T("form.promo.unit.percent.name"), false: m.T("form.promo.unit.money.name")}
		return selectOf(huh.NewSelect[bool]().Title(title(label("bonus_amount_is_in_percentages"), name[init.Percent])), &v.Percent, opts)
	}
	field["bonus_amount"] = func() huh.Field {
		// The title names the unit chosen: a percentage, or money in the
		// site's currency.
		amountTitle := func() string {
			if v.Percent {
				return title(m.T("form.promo.amount.title.percent"), init.Amount)
			}
			if sign := i18n.CurrencySymbol(form.currencyOf(site)); sign != "" {
				return title(m.T("form.promo.amount.title.money_in", "Sign", sign), init.Amount)
			}
			return title(m.T("form.promo.amount.title.money"), init.Amount)
		}
		in := huh.NewInput().TitleFunc(amountTitle, []any{&v.Percent, &site}).
			DescriptionFunc(func() string {
				if v.Percent {
					return m.T("form.promo.amount.percent")
				}
				if cur := i18n.CurrencyLabel(form.currencyOf(site)); cur != "" {
					return m.T("form.promo.amount.money_in", "Currency", cur)
				}
				return m.T("form.promo.amount.money")
			}, []any{&v.Percent, &site}).
			Value(&v.Amount).Validate(h.said(orKept(init.Amount, func(s string) error {
			_, err := chk.Amount(s, v.Percent)
			return err
		})))
		return liveTitle{in, amountTitle}
	}
	field["is_enabled"] = func() huh.Field { return h.yesNo(label("is_enabled"), enabledHint, &v.Enabled) }
	field["d_on"] = func() huh.Field {
		return huh.NewInput().Title(optTitle(label("d_on"), init.Starts, m.T("form.promo.starts.none"))).
			Description(m.T("form.promo.starts.help", "Forms", dateHelp)).
			Value(&v.Starts).Validate(h.said(orKept(init.Starts, func(s string) error {
			_, err := chk.Date(s, promo.ParseStart)
			return err
		})))
	}
	field["d_off"] = func() huh.Field {
		return huh.NewInput().Title(optTitle(label("d_off"), init.Ends, m.T("form.promo.ends.none"))).
			Description(m.T("form.promo.ends.help")).
			Value(&v.Ends).Validate(h.said(orKept(init.Ends, func(s string) error {
			_, _, err := chk.Window(v.Starts, s)
			return err
		})))
	}
	field["quantity_limit"] = func() huh.Field {
		return huh.NewInput().Title(optTitle(label("quantity_limit"), init.MaxUses, m.T("form.promo.max_uses.none"))).
			Description(m.T("form.promo.max_uses.help")).
			Value(&v.MaxUses).Validate(h.said(orKept(init.MaxUses, func(s string) error {
			_, err := chk.MaxUses(s)
			return err
		})))
	}
	field["personal_limit_is_enabled"] = func() huh.Field {
		return h.yesNo(label("personal_limit_is_enabled"), m.T("form.promo.once.help"), &v.OncePerUser)
	}

	// Any other field of the layout is asked as text, read by its field's
	// parser: More's fields, and a field moved there.
	var asText []promo.FieldSpec
	var texts []*string
	draw := func(name string) huh.Field {
		if build, ok := field[name]; ok {
			return build()
		}
		f, ok := promo.Lookup(name)
		if !ok {
			return nil // no field of the registry: TestPromoFormDrawsItsLayout
		}
		text := init.More[name]
		asText, texts = append(asText, f), append(texts, &text)
		return huh.NewInput().Title(title(label(name), text)).
			Value(&text).Validate(h.said(orKept(text, func(s string) error {
			if s = strings.TrimSpace(s); s != "" {
				_, err := f.Parse(s, loc)
				return err
			}
			return nil
		})))
	}
	layout := form.Layout
	if layout == nil {
		layout = promoform.Layout()
	}
	var groups []*huh.Group
	for _, g := range layout {
		var fields []huh.Field
		for _, name := range g.Fields {
			if f := draw(name); f != nil {
				fields = append(fields, f)
			}
		}
		if len(fields) == 0 {
			continue
		}
		gt := form.Title
		if g.Title != "" {
			gt = m.T(g.Title)
		}
		groups = append(groups, huh.NewGroup(fields...).Title(gt))
	}
	f := huh.NewForm(groups...)
	return f, func() (PromoAnswers, error) {
		for i, f := range asText {
			if v.More == nil {
				v.More = map[string]string{}
			}
			v.More[f.Name] = strings.TrimSpace(*texts[i])
		}
		v.Code = strings.TrimSpace(v.Code)
		v.Amount = strings.TrimSpace(v.Amount)
		v.Starts, v.Ends, v.MaxUses = promoform.Optional(v.Starts), promoform.Optional(v.Ends), promoform.Optional(v.MaxUses)
		// Check the whole again: accessible mode lets an answer through
		// unchecked when the input ends.
		if _, err := v.Changes(loc); err != nil {
			return PromoAnswers{}, i18n.NewError(0, "form.error.answers", "Err", ErrCancelled, "Reason", err)
		}
		return PromoAnswers{Site: site, Values: v}, nil
	}
}

// liveTitle is an Input whose title follows other answers (TitleFunc),
// in accessible mode too: huh's accessible run prints the title it was
// last given, which a TitleFunc updates only as the form is drawn.
type liveTitle struct {
	*huh.Input
	title func() string
}

func (l liveTitle) RunAccessible(w io.Writer, r io.Reader) error {
	l.Input.Title(l.title())
	return l.Input.RunAccessible(w, r)
}

// WithAccessible keeps the wrapper for huh's accessible run, which calls
// RunAccessible on what it returns; the Input's own flag serves only its
// Run, which the form never calls.
func (l liveTitle) WithAccessible(bool) huh.Field { return l }

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
	field := h.yesNo(title, "", &v)
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

// currencyOf names site's currency, "" when it is not known.
func (form PromoForm) currencyOf(site int64) string {
	if form.Currency == nil || site == 0 {
		return ""
	}
	return form.Currency(site)
}
