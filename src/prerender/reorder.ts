/**
 * Results of routes rendered at once, handed on in route order: `emit` gets the results given by
 * index, in index order. Only results finished ahead of a slower route are held: about as many as
 * routes in flight, not a list of every route.
 */
export function createReorder<T>(emit: (item: T, index: number) => void): (index: number, item: T) => void {
  const early = new Map<number, T>();
  let next = 0;
  return (index, result) => {
    if (index !== next) return void early.set(index, result);
    emit(result, index);
    for (next++; early.has(next); next++) {
      emit(early.get(next)!, next);
      early.delete(next);
    }
  };
}
