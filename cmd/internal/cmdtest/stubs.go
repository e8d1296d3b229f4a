package cmdtest

import (
	"context"

	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

// ConfirmStub answers every confirmation with Answer and Err, and records
// the questions in Asked.
type ConfirmStub struct {
	Answer bool
	Err    error
	Asked  []string
}

func (s *ConfirmStub) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	s.Asked = append(s.Asked, title)
	return s.Answer, s.Err
}

// WizardStub stands in for the promo form: it records what the form was
// given (Forms) and answers with Answers, or Err; Proceed answers
// ProceedErr, recording the question in Asked; Confirm is ConfirmStub's.
type WizardStub struct {
	ConfirmStub
	Answers    prompt.PromoAnswers
	Err        error // the form's, not Confirm's
	ProceedErr error
	Forms      []prompt.PromoForm
}

func (s *WizardStub) Promo(_ context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error) {
	s.Forms = append(s.Forms, form)
	return s.Answers, s.Err
}

func (s *WizardStub) Proceed(_ context.Context, title string, _ bool) error {
	s.Asked = append(s.Asked, title)
	return s.ProceedErr
}

// FormEdit stands in for the promo form: it answers with the values it
// was given, changed by Edit, and goes ahead when asked.
type FormEdit struct {
	Edit  func(*promoform.Values)
	Forms []prompt.PromoForm
	Asked []string
}

func (s *FormEdit) Promo(_ context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error) {
	s.Forms = append(s.Forms, form)
	v := form.Values
	s.Edit(&v)
	return prompt.PromoAnswers{Site: form.Site, Values: v}, nil
}

func (s *FormEdit) Proceed(_ context.Context, title string, _ bool) error {
	s.Asked = append(s.Asked, title)
	return nil
}
