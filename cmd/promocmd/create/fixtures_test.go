package create

import (
	"context"

	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

const codeRule = "--code: the code may contain only Latin letters A-Z, a-z and digits 0-9, "

const twoProfiles = `current_profile: shop
profiles:
  shop:
    site_id: 11111
  other:
    site_id: "22222"
`

// formEdit stands in for the form: it answers with the values it was
// given, changed by edit, and goes ahead when asked.
type formEdit struct {
	edit  func(*promoform.Values)
	forms []prompt.PromoForm
	asked []string
}

func (s *formEdit) Promo(_ context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error) {
	s.forms = append(s.forms, form)
	v := form.Values
	s.edit(&v)
	return prompt.PromoAnswers{Site: form.Site, Values: v}, nil
}

func (s *formEdit) Proceed(_ context.Context, title string, _ bool) error {
	s.asked = append(s.asked, title)
	return nil
}

// wizardStub stands in for the form: it records what the form was given
// and answers with answers, or err; Proceed answers proceed.
type wizardStub struct {
	confirmStub
	answers prompt.PromoAnswers
	err     error
	proceed error
	forms   []prompt.PromoForm
	asked   []string
}

func (s *wizardStub) Promo(_ context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error) {
	s.forms = append(s.forms, form)
	return s.answers, s.err
}

func (s *wizardStub) Proceed(_ context.Context, title string, _ bool) error {
	s.asked = append(s.asked, title)
	return s.proceed
}

func summer25() prompt.PromoAnswers {
	return prompt.PromoAnswers{Values: promoform.Values{Code: "SUMMER25", BonusType: 2, Percent: true, Amount: "25", Enabled: true}}
}

// confirmStub answers every confirmation with answer and err, and
// records the questions.
type confirmStub struct {
	answer bool
	err    error
	asked  []string
}

func (s *confirmStub) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	s.asked = append(s.asked, title)
	return s.answer, s.err
}

const runListJSON = `[{"id":1001,"code":"SUMMER25","is_enabled":true}]`
