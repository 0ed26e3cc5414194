import { useState, type DragEvent } from 'react';

/** Said when more than one file is dropped: the connector publishes one model at a time. */
export const ONE_FILE_MESSAGE = 'Drop one IFC file at a time.';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A drop zone for one file: while files are dragged over it, `dragging` is true (and the browser is told this is
 * a copy, not a navigation to the file); a dropped file goes to `onFile` as a chosen one would. A drop of several
 * files is refused with ONE_FILE_MESSAGE rather than one of them picked silently.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  const zone = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave(event: DragEvent) {
      // Moving onto a child fires a leave on the zone too: only a leave to outside it ends the drag.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const { files } = event.dataTransfer;
      if (files.length > 1) window.alert(ONE_FILE_MESSAGE);
      else if (files[0]) onFile(files[0]);
    },
  };
  return { dragging, zone };
}
