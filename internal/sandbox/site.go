package sandbox

import (
	"context"
	"net/http"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// siteView is a site the user can view with its number of pages.
type siteView struct {
	site      siteRec
	pageCount int64
}

// listSites returns the sites the user can view, in id order.
func (s *Store) listSites(ctx context.Context, userID int64) ([]siteView, error) {
	var out []siteView
	err := s.view(ctx, func(tx *bolt.Tx) error {
		counts, err := pageCounts(tx)
		if err != nil {
			return err
		}
		return forEachJSON(tx, bucketSites, nil, func(site *siteRec) error {
			if site.canView(userID) {
				out = append(out, siteView{site: *site, pageCount: counts[site.ID]})
			}
			return nil
		})
	})
	return out, err
}

// getSite returns one site; a site the user cannot view answers 403 kind 30
// whether it exists or not.
func (s *Store) getSite(ctx context.Context, userID, siteID int64) (siteView, error) {
	var out siteView
	err := s.view(ctx, func(tx *bolt.Tx) error {
		site, err := viewableSite(tx, userID, siteID)
		if err != nil {
			return err
		}
		counts, err := pageCounts(tx)
		if err != nil {
			return err
		}
		out = siteView{site: *site, pageCount: counts[siteID]}
		return nil
	})
	return out, err
}

// listPages returns the pages of a site the user can view, in id order,
// published or not.
func (s *Store) listPages(ctx context.Context, userID, siteID int64) (*siteRec, []pageRec, error) {
	var site *siteRec
	pages := []pageRec{}
	err := s.view(ctx, func(tx *bolt.Tx) error {
		var err error
		if site, err = viewableSite(tx, userID, siteID); err != nil {
			return err
		}
		return forEachJSON(tx, bucketPages, nil, func(p *pageRec) error {
			if p.SiteID == siteID {
				pages = append(pages, *p)
			}
			return nil
		})
	})
	return site, pages, err
}

// getPage returns one page: 404 kind 61 when there is none, 403 kind 30 when
// its site is not viewable.
func (s *Store) getPage(ctx context.Context, userID, pageID int64) (*siteRec, pageRec, error) {
	var site *siteRec
	var page pageRec
	err := s.view(ctx, func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketPages, itob(pageID), &page)
		if err != nil {
			return err
		}
		if !ok {
			return newAPIError(http.StatusNotFound, KindPageNotFound, "page %d not found", pageID)
		}
		site, err = viewableSite(tx, userID, page.SiteID)
		return err
	})
	return site, page, err
}

// pageCounts counts the pages of every site.
func pageCounts(tx *bolt.Tx) (map[int64]int64, error) {
	counts := map[int64]int64{}
	err := forEachJSON(tx, bucketPages, nil, func(p *pageRec) error {
		counts[p.SiteID]++
		return nil
	})
	return counts, err
}

// SiteAccess says who may view a site.
type SiteAccess struct {
	Exists    bool
	OwnerID   int64
	ViewerIDs []int64 // users granted access besides the owner
}

// SiteAccess tells who may view a site, so that a client refused access
// can say which sandbox user to be.
func (s *Store) SiteAccess(ctx context.Context, siteID int64) (SiteAccess, error) {
	var out SiteAccess
	err := s.view(ctx, func(tx *bolt.Tx) error {
		var site siteRec
		ok, err := getJSON(tx, bucketSites, itob(siteID), &site)
		if err != nil || !ok {
			return err
		}
		out = SiteAccess{Exists: true, OwnerID: site.OwnerID, ViewerIDs: append([]int64(nil), site.ViewerIDs...)}
		return nil
	})
	if err != nil {
		return SiteAccess{}, i18n.NewError(0, "sandbox.err.site", "Site", siteID, "Err", err)
	}
	return out, nil
}
