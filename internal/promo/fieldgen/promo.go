package main

import "github.com/promoctl/promoctl/internal/promo/spec"

// promoFile is internal/promo/fields_gen.go: the typed structs of the
// writable fields and their per-field methods.
func promoFile(rows []spec.Row) ([]byte, error) {
	if err := check(rows); err != nil {
		return nil, err
	}
	w := writable(rows)
	var g gen
	g.p(header + "package promo\n\nimport \"time\"\n")
	promoRecord(&g, w)
	promoChanges(&g, w)
	promoNames(&g, w)
	promoOverlay(&g, w)
	if err := promoApply(&g, w); err != nil {
		return nil, err
	}
	if err := promoCreateBody(&g, w); err != nil {
		return nil, err
	}
	promoAccess(&g, w)
	return g.source()
}

func promoRecord(g *gen, w []spec.Row) {
	g.p(`// Record is the writable fields of a promo code (spec 2.3) as an update
// sends them: the whole record, so that nothing omitted is reset by the
// server. Dates are kept in the form the server sent, so a date the user did
// not touch goes back byte for byte.
type Record struct {`)
	for _, f := range w {
		if f.Optional {
			// A field a record may lack is sent only when known: an
			// update that read no value sends none, not the zero value.
			g.p("\t%s %s `json:\"%s,omitempty\"`", f.Go, bodyType(f.Kind), f.Name)
			continue
		}
		g.p("\t%s %s `json:%q`", f.Go, fieldsType(f.Kind), f.Name)
	}
	g.p("}\n")
}

func promoChanges(g *gen, w []spec.Row) {
	g.p(`// Changes are the fields a user named, by flag or in a file; nil means "not
// named". They drive both create (only the named fields are sent, the
// server fills in its defaults) and update (named fields are merged into the
// current record).
type Changes struct {`)
	for _, f := range w {
		g.p("\t%s *%s", f.Change, changeType(f.Kind))
	}
	for _, f := range w {
		if f.Clearable {
			g.p("\t// Clear%s removes %s while keeping the rest of the record (the\n\t// promo form's emptied date field); no flag sets it.\n\tClear%s bool", f.Change, f.Name, f.Change)
		}
	}
	g.p("}\n")
}

func promoNames(g *gen, w []spec.Row) {
	g.p(`// Names maps each change to what the user calls it. Flags and files use
// different names for the same field, so validation messages are written
// with the caller's names.
type Names struct {`)
	for _, f := range w {
		g.p("\t%s string", f.Change)
	}
	g.p("}\n")
}

func promoOverlay(g *gen, w []spec.Row) {
	g.p(`// Overlay returns c with every change named in top replacing c's: flags
// given beside a file win over the file.
func (c Changes) Overlay(top Changes) Changes {`)
	for _, f := range w {
		g.p("\tover(&c.%s, top.%s)", f.Change, f.Change)
	}
	g.p("\treturn c\n}\n")
}

// applyOrder is w in the order Apply and CreateBody take it: the values,
// then the switches they turn on, so that a switch the user names wins.
func applyOrder(w []spec.Row) (values, switches []spec.Row) {
	for _, f := range w {
		if isSwitch(w, f) {
			switches = append(switches, f)
		} else {
			values = append(values, f)
		}
	}
	return values, switches
}

func promoApply(g *gen, w []spec.Row) error {
	g.p(`// Apply merges the changes into f. A value that Enables a switch (a start
// or end date the validity period, a maximum number of uses the quantity
// limit) also turns it on, unless the change names the switch too.
func (c Changes) Apply(f Record) Record {`)
	values, switches := applyOrder(w)
	for _, f := range values {
		g.p("\tif c.%s != nil {", f.Change)
		switch {
		case f.Kind == spec.KindDate:
			g.p("\t\ts := FormatAPI(*c.%s)\n\t\tf.%s = &s", f.Change, f.Go)
		case f.Optional:
			g.p("\t\tv := *c.%s\n\t\tf.%s = &v", f.Change, f.Go)
		default:
			g.p("\t\tf.%s = *c.%s", f.Go, f.Change)
		}
		if f.Enables != "" {
			s, err := byName(w, f.Enables)
			if err != nil {
				return err
			}
			g.p("\t\tf.%s = true", s.Go)
		}
		g.p("\t}")
	}
	for _, f := range values {
		if f.Clearable {
			g.p("\tif c.Clear%s {\n\t\tf.%s = nil\n\t}", f.Change, f.Go)
		}
	}
	for _, f := range switches {
		g.p("\tif c.%s != nil {\n\t\tf.%s = *c.%s\n\t}", f.Change, f.Go, f.Change)
	}
	g.p("\treturn f\n}\n")
	return nil
}

func promoCreateBody(g *gen, w []spec.Row) error {
	g.p(`// CreateBody is the body of a create request: the site, the calling user as
// the API's own samples send it, and only the fields the user named, so the
// server applies its documented defaults to the rest.
type CreateBody struct {
	SiteID int64 ` + "`json:\"site_id\"`" + `
	UserID int64 ` + "`json:\"user_id,omitempty\"`")
	for _, f := range w {
		if f.Required {
			g.p("\t%s %s `json:%q`", f.Go, fieldsType(f.Kind), f.Name)
		} else {
			g.p("\t%s %s `json:\"%s,omitempty\"`", f.Go, bodyType(f.Kind), f.Name)
		}
	}
	g.p("}\n")
	g.p(`// CreateBody builds the create request for the named changes. The
// Required fields must be among them; a value that Enables a switch turns
// it on, unless the changes name the switch.
func (c Changes) CreateBody(siteID, userID int64) CreateBody {
	b := CreateBody{SiteID: siteID, UserID: userID}`)
	values, switches := applyOrder(w)
	for _, f := range values {
		if !f.Required && f.Kind != spec.KindDate && f.Enables == "" {
			g.p("\tb.%s = c.%s", f.Go, f.Change)
			continue
		}
		g.p("\tif c.%s != nil {", f.Change)
		switch {
		case f.Required:
			g.p("\t\tb.%s = *c.%s", f.Go, f.Change)
		case f.Kind == spec.KindDate:
			g.p("\t\ts := FormatAPI(*c.%s)\n\t\tb.%s = &s", f.Change, f.Go)
		default:
			g.p("\t\tb.%s = c.%s", f.Go, f.Change)
		}
		if f.Enables != "" {
			s, err := byName(w, f.Enables)
			if err != nil {
				return err
			}
			g.p("\t\ton := true\n\t\tb.%s = &on", s.Go)
		}
		g.p("\t}")
	}
	for _, f := range switches {
		g.p("\tif c.%s != nil {\n\t\tb.%s = c.%s\n\t}", f.Change, f.Go, f.Change)
	}
	g.p("\treturn b\n}\n")
	return nil
}

// bodyType is the Go type of a field of kind k in CreateBody: a pointer,
// nil when it is not named.
func bodyType(k spec.Kind) string {
	if k == spec.KindDate {
		return "*string"
	}
	return "*" + fieldsType(k)
}

func promoAccess(g *gen, w []spec.Row) {
	g.p(`// accessOf is how the registry's row name reaches its field in Record,
// Changes and Names; nothing for a read-only field.
func accessOf(name string) access {
	switch name {`)
	for _, f := range w {
		value := "f." + f.Go
		switch {
		case f.Kind == spec.KindDate:
			value = "optString(f." + f.Go + ")"
		case f.Kind == spec.KindBonusType && f.Optional:
			value = "optional(f." + f.Go + ", func(t BonusType) any { return int(t) })"
		case f.Optional:
			value = "optional(f." + f.Go + ", nil)"
		case f.Kind == spec.KindBonusType:
			value = "int(f." + f.Go + ")"
		}
		g.p(`	case %q:
		return access{
			value: func(f Record) any { return %s },
			named: func(c Changes) bool { return c.%s != nil },
			set:   setter(func(c *Changes, x %s) { c.%s = &x }),
			name:  func(n *Names) *string { return &n.%s },
		}`, f.Name, value, f.Change, changeType(f.Kind), f.Change, f.Change)
	}
	g.p("\t}\n\treturn access{}\n}")
}
