package sandbox

import (
	"time"

	"github.com/promoctl/promoctl/internal/promo/spec"
)

// Stored records. They are kept as JSON in the bbolt file; their field names
// are the storage format and change only with storeVersion.

// siteRec is a site of the website builder and who may see it.
type siteRec struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Domain      string    `json:"domain"`
	IsPublished bool      `json:"is_published"`
	OwnerID     int64     `json:"owner_id"`
	ViewerIDs   []int64   `json:"viewer_ids"`
	Language    string    `json:"language"`
	Currency    string    `json:"currency"`
	Timezone    string    `json:"timezone"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// canView reports whether the user owns the site or was granted access.
func (s *siteRec) canView(userID int64) bool {
	if s.OwnerID == userID {
		return true
	}
	for _, id := range s.ViewerIDs {
		if id == userID {
			return true
		}
	}
	return false
}

// pageRec is a page of a site.
type pageRec struct {
	ID             int64     `json:"id"`
	SiteID         int64     `json:"site_id"`
	Title          string    `json:"title"`
	Path           string    `json:"path"`
	IsPublished    bool      `json:"is_published"`
	IsHome         bool      `json:"is_home"`
	SEOTitle       string    `json:"seo_title"`
	SEODescription string    `json:"seo_description"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// productRec is a shop product: the site it belongs to and its API form,
// which is read-only in the sandbox.
type productRec struct {
	SiteID  int64      `json:"site_id"`
	Product productOut `json:"product"`
}

// promoRec is a promo code.
type promoRec struct {
	ID              int64      `json:"id"`
	SiteID          int64      `json:"site_id"`
	Code            string     `json:"code"`
	Pos             int64      `json:"pos"`
	IsEnabled       bool       `json:"is_enabled"`
	BonusType       int64      `json:"bonus_type"`
	BonusAmount     float64    `json:"bonus_amount"`
	IsPercent       bool       `json:"is_percent"`
	TimeLimit       bool       `json:"time_limit"`
	DOn             *time.Time `json:"d_on"`
	DOff            *time.Time `json:"d_off"`
	QuantityLimitOn bool       `json:"quantity_limit_on"`
	QuantityLimit   int64      `json:"quantity_limit"`
	PersonalLimit   bool       `json:"personal_limit"`
	// Extra are the fields the sandbox does not model (extra.go).
	Extra     extraFields `json:"extra,omitempty"`
	CreatedAt time.Time   `json:"created_at"`
	UpdatedAt time.Time   `json:"updated_at"`
}

// statRec is one recorded use of a promo code in an order (a "lead").
// The promo's terms are copied at the time of use, as a shop's order
// history would keep them.
type statRec struct {
	ID             int64     `json:"id"`
	PromoID        int64     `json:"promo_id"`
	LeadID         int64     `json:"lead_id"`
	CustomerID     int64     `json:"customer_id"`
	Code           string    `json:"code"`
	BonusType      int64     `json:"bonus_type"`
	BonusAmount    float64   `json:"bonus_amount"`
	IsPercent      bool      `json:"is_percent"`
	OrderPrice     float64   `json:"order_price"`
	OrderQuantity  float64   `json:"order_quantity"`
	DeliveryPrice  float64   `json:"delivery_price"`
	DiscountAmount float64   `json:"discount_amount"`
	Currency       string    `json:"currency"`
	LeadCreated    time.Time `json:"lead_created"`
}

// API shapes.

// promoItemOut is a promo code as the list endpoint returns it (spec 2.1).
type promoItemOut struct {
	ID              int64    `json:"id"`
	Code            string   `json:"code"`
	Pos             int64    `json:"pos"`
	IsEnabled       bool     `json:"is_enabled"`
	BonusType       int64    `json:"bonus_type"`
	BonusAmount     float64  `json:"bonus_amount"`
	IsPercent       bool     `json:"bonus_amount_is_in_percentages"`
	TimeLimit       bool     `json:"time_limit_is_enabled"`
	DOn             *apiTime `json:"d_on"`
	DOff            *apiTime `json:"d_off"`
	QuantityLimitOn bool     `json:"quantity_limit_is_enabled"`
	QuantityLimit   int64    `json:"quantity_limit"`
	UsedCount       int64    `json:"promo_used_count"`
	IsValid         bool     `json:"is_valid"`

	extra extraFields // the List rows of Extra
}

// promoOut is a promo code as create, get and update return it (spec 2.2).
type promoOut struct {
	Code            string   `json:"code"`
	IsEnabled       bool     `json:"is_enabled"`
	BonusType       int64    `json:"bonus_type"`
	BonusAmount     float64  `json:"bonus_amount"`
	IsPercent       bool     `json:"bonus_amount_is_in_percentages"`
	TimeLimit       bool     `json:"time_limit_is_enabled"`
	DOn             *apiTime `json:"d_on"`
	DOff            *apiTime `json:"d_off"`
	QuantityLimitOn bool     `json:"quantity_limit_is_enabled"`
	QuantityLimit   int64    `json:"quantity_limit"`
	PersonalLimit   bool     `json:"personal_limit_is_enabled"`

	extra extraFields // the Record rows of Extra
}

func (p *promoRec) out() promoOut {
	return promoOut{
		Code:            p.Code,
		IsEnabled:       p.IsEnabled,
		BonusType:       p.BonusType,
		BonusAmount:     p.BonusAmount,
		IsPercent:       p.IsPercent,
		TimeLimit:       p.TimeLimit,
		DOn:             optTime(p.DOn),
		DOff:            optTime(p.DOff),
		QuantityLimitOn: p.QuantityLimitOn,
		QuantityLimit:   p.QuantityLimit,
		PersonalLimit:   p.PersonalLimit,
		extra:           p.Extra.shape(func(f spec.Row) bool { return f.Record }),
	}
}

func (p *promoRec) itemOut(used int64, now time.Time) promoItemOut {
	return promoItemOut{
		ID:              p.ID,
		Code:            p.Code,
		Pos:             p.Pos,
		IsEnabled:       p.IsEnabled,
		BonusType:       p.BonusType,
		BonusAmount:     p.BonusAmount,
		IsPercent:       p.IsPercent,
		TimeLimit:       p.TimeLimit,
		DOn:             optTime(p.DOn),
		DOff:            optTime(p.DOff),
		QuantityLimitOn: p.QuantityLimitOn,
		QuantityLimit:   p.QuantityLimit,
		UsedCount:       used,
		IsValid:         p.refusal(used, now) == "",
		extra:           p.Extra.shape(func(f spec.Row) bool { return f.List }),
	}
}

// statOut is a usage statistics record (spec 2.4).
type statOut struct {
	ID             int64        `json:"id"`
	PromoID        int64        `json:"promo_id"`
	LeadID         int64        `json:"lead_id"`
	BonusTypeID    int64        `json:"bonus_type_id"`
	BonusAmount    float64      `json:"bonus_amount"`
	IsPercent      int          `json:"bonus_amount_is_in_percentages"`
	OrderPrice     float64      `json:"order_price"`
	OrderQuantity  float64      `json:"order_quantity"`
	DiscountAmount float64      `json:"discount_amount"`
	Promo          statPromoOut `json:"promo"`
	LeadCreated    apiTime      `json:"d_lead_created"`
	Currency       string       `json:"currency"`
}

type statPromoOut struct {
	Code string `json:"code"`
}

func (s *statRec) out() statOut {
	pct := 0
	if s.IsPercent {
		pct = 1
	}
	return statOut{
		ID:             s.ID,
		PromoID:        s.PromoID,
		LeadID:         s.LeadID,
		BonusTypeID:    s.BonusType,
		BonusAmount:    s.BonusAmount,
		IsPercent:      pct,
		OrderPrice:     s.OrderPrice,
		OrderQuantity:  s.OrderQuantity,
		DiscountAmount: s.DiscountAmount,
		Promo:          statPromoOut{Code: s.Code},
		LeadCreated:    apiTime(s.LeadCreated),
		Currency:       s.Currency,
	}
}

// productOut is a shop product (spec 2.5).
type productOut struct {
	ID               int64         `json:"id"`
	SKU              string        `json:"sku"`
	Name             string        `json:"name"`
	Description      string        `json:"description"`
	Price            float64       `json:"price"`
	IsVisible        bool          `json:"is_visible"`
	Quantity         float64       `json:"quantity"`
	Weight           float64       `json:"weight"`
	Length           float64       `json:"length"`
	Width            float64       `json:"width"`
	Height           float64       `json:"height"`
	Categories       []categoryOut `json:"categories"`
	ParamGroupID     int64         `json:"param_group_id"`
	Variants         []variantOut  `json:"variants"`
	ParentID         int64         `json:"parent_id"`
	OldPrice         float64       `json:"old_price"`
	ShortDescription string        `json:"short_description"`
	DescriptionURL   string        `json:"description_url"`
	ImageList        []imageOut    `json:"image_list"`
	Params           []paramOut    `json:"params"`
	Modifiers        []modifierOut `json:"modifiers"`
}

type categoryOut struct {
	ID int64 `json:"id"`
}

type imageOut struct {
	ID       int64  `json:"id"`
	URL      string `json:"url"`
	StatusID int64  `json:"status_id"`
}

type paramOut struct {
	ID        int64           `json:"id"`
	TypeID    int64           `json:"type_id"`
	Name      string          `json:"name"`
	Unit      string          `json:"unit"`
	IsVisible bool            `json:"is_visible"`
	Values    []paramValueOut `json:"values"`
}

type paramValueOut struct {
	ID            int64  `json:"id"`
	Label         string `json:"label"`
	Value         string `json:"value"`
	IsVisible     bool   `json:"is_visible"`
	ImageStatusID int64  `json:"image_status_id"`
	ImageURL      string `json:"image_url"`
}

type modifierOut struct {
	ID        int64              `json:"id"`
	Type      int64              `json:"type"`
	Name      string             `json:"name"`
	Price     string             `json:"price"`
	MaxCount  int64              `json:"max_count"`
	Default   bool               `json:"default"`
	Image     imageOut           `json:"image"`
	IsVisible bool               `json:"is_visible"`
	Extra     []modifierExtraOut `json:"extra"`
}

// modifierExtraOut is a sandbox design: the item shape of extra is not shown
// by the specification.
type modifierExtraOut struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

// variantOut is a sandbox design: the item shape of variants is not shown by
// the specification. A variant is itself a product whose parent_id is the
// product listing it.
type variantOut struct {
	ID        int64             `json:"id"`
	SKU       string            `json:"sku"`
	Price     float64           `json:"price"`
	OldPrice  float64           `json:"old_price"`
	Quantity  float64           `json:"quantity"`
	IsVisible bool              `json:"is_visible"`
	Values    []variantValueOut `json:"values"`
}

type variantValueOut struct {
	ParamID int64 `json:"param_id"`
	ValueID int64 `json:"value_id"`
}

// siteOut is a site on the v3 endpoints (sandbox design).
type siteOut struct {
	ID          int64           `json:"id"`
	Name        string          `json:"name"`
	Domain      string          `json:"domain"`
	URL         string          `json:"url"`
	IsPublished bool            `json:"is_published"`
	OwnerID     int64           `json:"owner_id"`
	Role        string          `json:"role"`
	PageCount   int64           `json:"page_count"`
	Settings    siteSettingsOut `json:"settings"`
	CreatedAt   apiTime         `json:"created_at"`
	UpdatedAt   apiTime         `json:"updated_at"`
}

type siteSettingsOut struct {
	Language string `json:"language"`
	Currency string `json:"currency"`
	Timezone string `json:"timezone"`
}

func (s *siteRec) out(userID, pageCount int64) siteOut {
	role := "viewer"
	if s.OwnerID == userID {
		role = "owner"
	}
	return siteOut{
		ID:          s.ID,
		Name:        s.Name,
		Domain:      s.Domain,
		URL:         "https://" + s.Domain,
		IsPublished: s.IsPublished,
		OwnerID:     s.OwnerID,
		Role:        role,
		PageCount:   pageCount,
		Settings:    siteSettingsOut{Language: s.Language, Currency: s.Currency, Timezone: s.Timezone},
		CreatedAt:   apiTime(s.CreatedAt),
		UpdatedAt:   apiTime(s.UpdatedAt),
	}
}

// siteV1Out is a site on the deprecated v1 endpoints: the older, flatter
// shape (sandbox design).
type siteV1Out struct {
	SiteID     int64   `json:"site_id"`
	SiteName   string  `json:"site_name"`
	URL        string  `json:"url"`
	Active     int     `json:"active"`
	Lang       string  `json:"lang"`
	Currency   string  `json:"currency"`
	DateCreate apiTime `json:"date_create"`
}

func (s *siteRec) v1Out() siteV1Out {
	return siteV1Out{
		SiteID:     s.ID,
		SiteName:   s.Name,
		URL:        "https://" + s.Domain,
		Active:     boolInt(s.IsPublished),
		Lang:       s.Language,
		Currency:   s.Currency,
		DateCreate: apiTime(s.CreatedAt),
	}
}

// seoOut holds a page's search engine settings.
type seoOut struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// pageOut is a page on the v3 endpoints (sandbox design).
type pageOut struct {
	ID          int64   `json:"id"`
	SiteID      int64   `json:"site_id"`
	Title       string  `json:"title"`
	Path        string  `json:"path"`
	URL         string  `json:"url"`
	IsPublished bool    `json:"is_published"`
	IsHome      bool    `json:"is_home"`
	SEO         seoOut  `json:"seo"`
	CreatedAt   apiTime `json:"created_at"`
	UpdatedAt   apiTime `json:"updated_at"`
}

func (p *pageRec) out(site *siteRec) pageOut {
	return pageOut{
		ID:          p.ID,
		SiteID:      p.SiteID,
		Title:       p.Title,
		Path:        p.Path,
		URL:         "https://" + site.Domain + p.Path,
		IsPublished: p.IsPublished,
		IsHome:      p.IsHome,
		SEO:         seoOut{Title: p.SEOTitle, Description: p.SEODescription},
		CreatedAt:   apiTime(p.CreatedAt),
		UpdatedAt:   apiTime(p.UpdatedAt),
	}
}

// pageV1Out is a page on the deprecated v1 endpoint (sandbox design).
type pageV1Out struct {
	PageID     int64   `json:"page_id"`
	SiteID     int64   `json:"site_id"`
	PageName   string  `json:"page_name"`
	URL        string  `json:"url"`
	Active     int     `json:"active"`
	IsMain     int     `json:"is_main"`
	DateUpdate apiTime `json:"date_update"`
}

func (p *pageRec) v1Out(site *siteRec) pageV1Out {
	return pageV1Out{
		PageID:     p.ID,
		SiteID:     p.SiteID,
		PageName:   p.Title,
		URL:        "https://" + site.Domain + p.Path,
		Active:     boolInt(p.IsPublished),
		IsMain:     boolInt(p.IsHome),
		DateUpdate: apiTime(p.UpdatedAt),
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
