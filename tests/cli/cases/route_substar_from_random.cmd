route --net star:6 --from random --substar ****63 --seed 3
