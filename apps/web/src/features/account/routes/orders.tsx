import './orders.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { accountKeys, fetchOrders } from '../api/orders-api';
import { OrderCard } from '../components/order-card';
import { ProfilePage } from '../components/profile-page';

/** /profile/orders — "My orders": the user's orders, newest first, a page at a time. */
export function Component() {
  const { t } = useTranslation();
  return <ProfilePage title={t('orders.title')}>{() => <OrderHistory />}</ProfilePage>;
}

function OrderHistory() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: accountKeys.orders,
    queryFn: ({ pageParam, signal }) => fetchOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page_number < last.pagination.num_pages ? last.pagination.page_number + 1 : undefined,
  });
  const orders = query.data?.pages.flatMap((page) => page.results) ?? [];
  const list = useRef<HTMLOListElement>(null);
  // a cancelled order leaves the list: say so where a screen reader hears it
  const [cancelled, setCancelled] = useState<number | null>(null);

  // after "load more" the focus moves to the first order that arrived (the button may be gone)
  const focusIndex = useRef<number | null>(null);
  const shown = orders.length;
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= shown) return;
    focusIndex.current = null;
    list.current?.querySelectorAll<HTMLElement>('.order-card')[index]?.focus();
  }, [shown]);

  if (query.isPending) return <PageLoader />;
  if (query.isError && orders.length === 0) {
    return (
      <Alert tone="error" title={t('orders.load_failed')}>
        <p>{translateError(t, query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('checkins.list.retry')}
        </Button>
      </Alert>
    );
  }
  const notice = (
    <p className="orders-notice" role="status">
      {cancelled !== null && t('orders.cancelled_notice', { id: cancelled })}
    </p>
  );
  if (orders.length === 0) {
    return (
      <div className="orders-empty card">
        {notice}
        <h2>{t('orders.empty_title')}</h2>
        <p>{t('orders.empty_text')}</p>
        <Link className="btn btn-primary" to={paths.checkins.getHref()}>
          {t('orders.to_albums')}
        </Link>
      </div>
    );
  }
  return (
    <>
      {notice}
      <ol className="orders-list" ref={list}>
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} onCancelled={setCancelled} />
          </li>
        ))}
      </ol>
      {query.isFetchNextPageError && <Alert tone="error">{translateError(t, query.error)}</Alert>}
      {query.hasNextPage && (
        <div className="orders-more">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => {
              focusIndex.current = shown;
              void query.fetchNextPage();
            }}
          >
            {t('orders.load_more')}
          </Button>
        </div>
      )}
    </>
  );
}
