/** What the header and the signed-in links share: the link style and the line icons. */
export const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

export { LineIcon as Icon } from '../../shared/ui/line-icon';
