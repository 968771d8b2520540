import { Anchor, Breadcrumbs, type BreadcrumbsProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { catalogueSearch } from './catalogue-query';

interface CatalogueBreadcrumbsProps {
  /** The categories from the top down, each opening the catalogue filtered by it. */
  trail: readonly { id: number; name: string; url: string }[];
  styles?: BreadcrumbsProps['styles'];
}

/** «Главная / Каталог / …categories»: the trail above the catalogue and a product page. */
export function CatalogueBreadcrumbs({ trail, styles }: CatalogueBreadcrumbsProps) {
  return (
    <Breadcrumbs separatorMargin={6} fz="sm" styles={styles}>
      <Anchor component={Link} to={routes.home} c="dimmed">
        Главная
      </Anchor>
      <Anchor component={Link} to={routes.catalog} c="dimmed">
        Каталог
      </Anchor>
      {trail.map((item) => (
        <Anchor key={item.id} component={Link} to={routes.catalog + catalogueSearch('categories', item.url)} c="dimmed">
          {item.name}
        </Anchor>
      ))}
    </Breadcrumbs>
  );
}
