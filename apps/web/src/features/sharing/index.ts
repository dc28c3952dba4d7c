/** The sharing feature's public entry: the album's viewer shares through this dialog. */
export { ShareDialog, type ShareDialogProps } from './components/share-dialog';
